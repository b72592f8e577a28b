// Nothing is sent by accident, at a desk (1,280 px) and on a phone (390 px): Enter in a field sends nothing; Send opens
// a review (recipients, who is skipped and why, units, sender, start) and creates nothing; Back keeps everything; only
// the review's button, naming the count, sends — exactly one batch. Pasted numbers are checked as typed (not valid,
// repeated, opted out: counted and named by line), and a text made UCS-2 by look-alikes is offered GSM ones. Removing an
// opt-out asks first and keeps the reason in the audit.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, logIn, openCompose, test } from "./fixtures";

/** Server actions (the batch is created by one) are POSTs carrying a Next-Action header: counted from the start. */
function countActions(page: Page): () => number {
  let sent = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) sent++;
  });
  return () => sent;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("Enter sends nothing; Send opens a review and creates nothing; Back keeps all; the review's button sends exactly one batch", async ({
      page,
      seedUser,
      db,
    }) => {
      const operator = await seedUser("OPERATOR");
      const tail = `${width}`.padStart(4, "0");
      const [first, , third, optedOut] = [`0712${tail}01`, "", `0712${tail}03`, `0712${tail}04`];
      const stored = (local: string) => `254${local.slice(1)}`;
      await db.query(`INSERT INTO "OptOut" (phone, reason) VALUES ($1, 'Asked by SMS') ON CONFLICT DO NOTHING`, [
        stored(optedOut),
      ]);
      const actions = countActions(page);
      const batches = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM "Batch" WHERE "authorId" = $1`, [operator.id])).rows[0].n;

      await logIn(page, operator);
      await openCompose(page);
      const pasted = `${first}\n0712 ${tail} 0\n${third}; +254 ${first.slice(1)}\n${optedOut}`;
      await page.getByLabel("Message").fill("Kliniki: 8–5 kesho");
      await page.getByLabel("Recipients").fill(pasted);
      await page.getByLabel("Batch name").fill("Review check");
      await page.getByLabel("Batch name").press("Enter");

      // The plan, before Send: counts and lines in plain words, the opted-out number named.
      const report = page.getByTestId("pasted-report");
      await expect(report.getByTestId("pasted-valid")).toHaveText("3 numbers");
      await expect(report.getByTestId("pasted-invalid")).toHaveText("1 not valid");
      await expect(report.getByTestId("pasted-duplicates")).toHaveText("1 repeated");
      await expect(report.getByTestId("pasted-opted-out")).toHaveText("1 opted out");
      await expect(report).toContainText(`Line 2, “0712 ${tail} 0”: one digit missing: 07… numbers have 10 digits.`);
      await report.getByText("On the opt-out list (never sent): 1").click();
      await expect(report).toContainText(`Line 4: ${stored(optedOut)} asked not to receive messages.`);

      // The en dash makes the text UCS-2: named, and replaced on request.
      const warning = page.getByTestId("units-warning");
      await expect(warning).toContainText("“–” makes this message UCS-2");
      await warning.getByRole("button", { name: "Replace with GSM characters" }).click();
      await expect(page.getByLabel("Message")).toHaveValue("Kliniki: 8-5 kesho");
      await expect(warning).toHaveCount(0);
      await expect(page.getByTestId("message-counter")).toContainText("18 / 1,600 characters");

      await page.getByLabel("Send later (optional)").fill("2031-03-04T09:30");
      await page.getByRole("button", { name: "Schedule for 2 recipients…" }).click();
      const review = page.getByTestId("review");
      await expect(review.getByRole("heading", { name: "Check before sending: Review check" })).toBeFocused();
      await expect(review).toContainText("5 numbers typed");
      await expect(review.getByTestId("review-skipped")).toContainText("1 opted out, 1 not valid, 1 repeated");
      await expect(review.getByTestId("review-skipped")).toContainText(`Opted out: ${stored(optedOut)}`);
      await expect(review.getByTestId("review-send")).toHaveText("2");
      await expect(review.getByTestId("review-units")).toHaveText("2 (1 segment each)");
      await expect(review).toContainText("SANDBOX");
      await expect(review.getByTestId("review-start")).toContainText("Tue 4 Mar 2031, 09:30 EAT (Africa/Nairobi)");
      await expect(page.getByLabel("Batch name")).toBeHidden();
      fs.mkdirSync("e2e/screenshots", { recursive: true });
      await page.screenshot({ path: `e2e/screenshots/review-${width}.png`, fullPage: true });
      // Enter, Send: nothing reached the server's actions, and no batch exists.
      expect(actions()).toBe(0);
      expect(await batches()).toBe(0);

      await review.getByRole("button", { name: "Back to edit" }).click();
      await expect(page.getByLabel("Recipients")).toHaveValue(pasted);
      await expect(page.getByLabel("Batch name")).toHaveValue("Review check");
      await expect(page.getByLabel("Message")).toHaveValue("Kliniki: 8-5 kesho");
      await expect(page.getByLabel("Send later (optional)")).toHaveValue("2031-03-04T09:30");
      await page.getByLabel("Send later (optional)").fill("");

      await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
      await page.getByRole("button", { name: "Send 2 text messages" }).click();
      await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      expect(actions()).toBe(1);
      const { rows } = await db.query<{ id: string; sender: string; recipientCount: number }>(
        `SELECT id, sender, "recipientCount" FROM "Batch" WHERE "authorId" = $1`,
        [operator.id],
      );
      expect(rows).toEqual([{ id: page.url().split("/").pop(), sender: "SANDBOX", recipientCount: 3 }]);
      const messages = await db.query<{ phone: string; state: string }>(
        `SELECT phone, state::text FROM "Message" WHERE "batchId" = $1 ORDER BY phone`,
        [rows[0]!.id],
      );
      expect(messages.rows.map((m) => m.phone)).toEqual([stored(first), stored(third), stored(optedOut)]);
      expect(messages.rows.find((m) => m.phone === stored(optedOut))?.state).toBe("SUPPRESSED");
    });

    test("removing an opt-out asks first, says what will happen, and records the reason", async ({
      page,
      seedUser,
      db,
    }) => {
      const operator = await seedUser("OPERATOR");
      const phone = `2547190${String(width).padStart(5, "0")}`;
      await db.query(`INSERT INTO "OptOut" (phone, reason) VALUES ($1, 'STOP') ON CONFLICT DO NOTHING`, [phone]);
      await logIn(page, operator);
      await page.goto(`/opt-outs?q=${phone}`);
      const table = page.getByRole("table", { name: "Opted-out numbers" });
      await table.getByRole("button", { name: `Remove ${phone}` }).click();
      await expect(table).toContainText(
        `Remove ${phone} from the opt-out list? Every batch from now on sends to this number again (it was opted out: “STOP”).`,
      );
      const confirm = table.getByRole("button", { name: "Remove from the opt-out list" });
      await expect(confirm).toBeDisabled();
      await expect(table.getByLabel("Why (kept in the audit log)")).toBeFocused();
      await table.getByRole("button", { name: "Cancel" }).click();
      expect((await db.query(`SELECT count(*)::int AS n FROM "OptOut" WHERE phone = $1`, [phone])).rows[0].n).toBe(1);

      await table.getByRole("button", { name: `Remove ${phone}` }).click();
      await table.getByLabel("Why (kept in the audit log)").fill("Patient asked for reminders again");
      await confirm.click();
      await expect(table.getByRole("cell", { name: phone, exact: true })).toHaveCount(0);
      const audit = await db.query<{ detail: unknown }>(
        `SELECT detail FROM "AuditEvent" WHERE "actorId" = $1 AND action = 'optout.remove'`,
        [operator.id],
      );
      expect(audit.rows).toEqual([
        {
          detail: { phone, reason: "Patient asked for reminders again", source: "operator", optOutReason: "STOP" },
        },
      ]);
    });
  });
}

test("a resend is confirmed with its count and SMS units before anything is created; its button names the count", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("To resend");
  // 170 GSM-7 characters: two segments a message.
  await page.getByLabel("Message").fill(`Kumbusho: ${"x".repeat(160)}`);
  await page.getByLabel("Recipients").fill("0718000001\n0718000002\n0718000003");
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await expect(page.getByTestId("review-units")).toHaveText("6 (2 segments each)");
  await page.getByRole("button", { name: "Send 3 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const parentId = page.url().split("/").pop()!;
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("3", { timeout: 30_000 });
  // Two of them failed after all (as a late receipt would say).
  await db.query(
    `UPDATE "Message" SET state = 'FAILED', "deliveryStatus" = 'DeliveryImpossible'
     WHERE "batchId" = $1 AND phone IN ('254718000001', '254718000002')`,
    [parentId],
  );
  await page.reload();
  await page.getByRole("button", { name: "Resend…" }).click();
  await page.getByRole("button", { name: "Review the resend to 2…" }).click();
  const confirm = page.getByTestId("resend-confirm");
  await expect(confirm).toContainText("2 text messages in a new batch");
  await expect(confirm.getByTestId("resend-units")).toHaveText("4 SMS units");
  const children = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM "Batch" WHERE "parentBatchId" = $1`, [parentId])).rows[0].n;
  expect(await children()).toBe(0);
  await page.getByRole("button", { name: "Resend 2 text messages" }).click();
  await expect(page).not.toHaveURL(new RegExp(parentId), { timeout: 30_000 });
  expect(await children()).toBe(1);
});
