// The statuses Kenyan networks really send, end to end: the sandbox (statusByPhone knob) answers a batch with a
// carrier blacklist, an absent subscriber and a delivery; the batch page names the failures in plain words; the
// blacklisted number is on the Opt-outs page and the resend leaves it out (saying why) while taking the absent one;
// an administrator removes the blacklist. Then a status nobody knows is named on the batch page (its phase says so
// instead of "waiting") and the Overview, each linking to the Receipts page filtered to it, where an administrator
// maps it after a confirmation that says how many messages it moves; its message fails at once (issue 35).
import type { Page } from "@playwright/test";
import type pg from "pg";
import { expect, logIn, openCompose, test } from "./fixtures";

/** The embedded sandbox's control API, from the default account's base URL. */
async function sandboxKnobs(db: pg.Client, knobs: Record<string, unknown>): Promise<void> {
  const { rows } = await db.query<{ baseUrl: string }>(
    `SELECT "baseUrl" FROM "ProviderAccount" WHERE "isDefault" ORDER BY "createdAt" LIMIT 1`,
  );
  const response = await fetch(`${new URL(rows[0]!.baseUrl).origin}/__sandbox/knobs`, {
    method: "POST",
    // The token scripts/test.ts started the console's sandbox with.
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN ?? ""}` },
    body: JSON.stringify(knobs),
  });
  expect(response.status).toBe(200);
}

async function send(page: Page, name: string, numbers: string[]): Promise<string> {
  await openCompose(page);
  await page.getByLabel("Batch name").fill(name);
  await page.getByLabel("Message").fill("Habari! Your appointment is tomorrow.");
  await page.getByLabel("Recipients").fill(numbers.join("\n"));
  const plural = numbers.length > 1 ? "s" : "";
  await page.getByRole("button", { name: `Send to ${numbers.length} recipient${plural}…` }).click();
  await page.getByRole("button", { name: `Send ${numbers.length} text message${plural}` }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return page.url().split("/").pop()!;
}

test("a carrier blacklist is opted out and the resend skips it; failures read in plain words", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const tail = String(Date.now()).slice(-5);
  const [blacklisted, absent, delivered] = [`07221${tail}`, `07222${tail}`, `07223${tail}`];
  await sandboxKnobs(db, {
    statusByPhone: { [`2547221${tail}`]: "UserInBlackList", [`2547222${tail}`]: "AbsentSubscriber" },
  });
  await logIn(page, admin);
  const batchId = await send(page, `Blacklist ${tail}`, [blacklisted, absent, delivered]);
  await expect(page.getByTestId("count-FAILED")).toHaveText("2", { timeout: 30_000 });
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("1");
  await expect(page.getByTestId("batch-state")).toHaveText("finished");

  const reasons = page.getByRole("region", { name: "Failure reasons" });
  await expect(reasons.getByTestId("failures-BLACKLISTED")).toHaveText("1", { timeout: 30_000 });
  await expect(reasons.getByTestId("failures-ABSENT")).toHaveText("1");
  await expect(reasons.getByText("Blocked by the recipient")).toBeVisible();
  await expect(reasons.getByText("Phone off or out of reach")).toBeVisible();
  await expect(reasons.getByText("Do not resend", { exact: false })).toBeVisible();
  await expect(reasons.getByText("UserInBlackList")).toBeVisible();

  // The Opt-outs page shows the number as a carrier blacklist, added by the network.
  await page.goto(`/opt-outs?q=${blacklisted}`);
  const row = page.getByRole("table", { name: "Opted-out numbers" }).getByRole("row").nth(1);
  await expect(row).toContainText(`2547221${tail}`);
  await expect(row).toContainText("carrier blacklist");
  await expect(row).toContainText("Carrier blacklist (UserInBlackList)");
  await expect(row).toContainText("by the network");

  // Resend: the temporary failure is offered; the blacklisted number is left out, and the confirmation says why.
  await page.goto(`/batches/${batchId}`);
  await page.getByRole("button", { name: "Resend…" }).click();
  const panel = page.getByRole("region", { name: "Resend" });
  await expect(panel.getByLabel(/Failed for a temporary reason/)).toBeChecked();
  await expect(panel.getByLabel(/Failed for a permanent reason/)).not.toBeChecked();
  await expect(panel.getByTestId("resend-left-out")).toContainText("1 opted out (1 by a carrier blacklist");
  await panel.getByRole("button", { name: "Review the resend to 1…" }).click();
  await expect(panel.getByTestId("resend-confirm")).toContainText("1 text messages in a new batch");
  await panel.getByRole("button", { name: "Resend 1 text message" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page).not.toHaveURL(new RegExp(batchId));
  const { rows: child } = await db.query<{ phone: string }>(
    `SELECT m.phone FROM "Message" m JOIN "Batch" b ON b.id = m."batchId" WHERE b."parentBatchId" = $1`,
    [batchId],
  );
  expect(child.map((r) => r.phone)).toEqual([`2547222${tail}`]);

  // An administrator removes the blacklist, and it is audited with what it was.
  await page.goto(`/opt-outs?q=${blacklisted}`);
  await page.getByRole("button", { name: `Remove 2547221${tail}` }).click();
  await page.getByLabel("Why (kept in the audit log)").fill("The patient unblocked the clinic's sender ID");
  await page.getByRole("button", { name: "Remove from the opt-out list" }).click();
  await expect(page.getByText(`No opted-out number matches`)).toBeVisible();
  const { rows: audit } = await db.query<{ detail: { source: string } }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'optout.remove' AND "targetId" = $1`,
    [`2547221${tail}`],
  );
  expect(audit.map((a) => a.detail.source)).toEqual(["carrier"]);
});

test("a status nobody knows is listed on the Receipts page; an administrator maps it and its message fails at once", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const tail = String(Date.now()).slice(-5);
  const status = `PortedAway${tail}`;
  await sandboxKnobs(db, { statusByPhone: { [`2547224${tail}`]: status } });
  await logIn(page, admin);
  const batchId = await send(page, `Unknown ${tail}`, [`07224${tail}`]);
  // Kept as still on its way, but not "waited for": the batch page says a status needs mapping, and links to it.
  await expect
    .poll(
      async () =>
        (await db.query(`SELECT 1 FROM "Message" WHERE "batchId" = $1 AND "deliveryStatus" = $2`, [batchId, status]))
          .rowCount,
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(page.getByTestId("batch-state")).toHaveText("1 receipt with a status Tuma does not know — map it");
  await expect(page.getByTestId("unmapped-statuses")).toContainText(
    `1 receipt with a status Tuma does not know (“${status}”) — map it`,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "e2e/screenshots/batch-unknown-status-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.getByTestId("unmapped-statuses").getByRole("link", { name: "map it" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/batch-unknown-status-390.png", fullPage: true });

  // The Overview says it too, with the same link.
  await page.goto("/");
  const overviewNotice = page.getByTestId("unmapped-statuses");
  await expect(overviewNotice).toContainText(`“${status}”`);
  await overviewNotice.getByRole("link", { name: "map it" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipts\\?status=.*${status}`));
  await expect(page.getByTestId("status-filter")).toContainText("Showing");

  const unknown = page.getByRole("region", { name: "Unknown statuses" });
  const row = unknown.getByRole("row").filter({ hasText: status });
  await expect(row).toContainText("1");
  await expect(row.getByTestId(`held-${status}`)).toHaveText("1");
  const { rows } = await db.query<{ id: string }>(`SELECT id::text FROM "Message" WHERE "batchId" = $1`, [batchId]);
  await expect(row.getByRole("link", { name: `message ${rows[0]!.id}` })).toBeVisible();
  const form = row.getByRole("form", { name: `Map ${status}` });
  await form.getByLabel("Means").selectOption("FAILED");
  await form.getByLabel("Because").selectOption("INVALID_NUMBER");
  // One click is not enough: Map asks first, saying what it moves and that it cannot be changed; Back changes nothing.
  await form.getByRole("button", { name: "Map…" }).click();
  const confirm = form.getByTestId("map-confirm");
  await expect(confirm).toContainText(`Map “${status}” as Failed (Number does not exist or is inactive)?`);
  await expect(confirm).toContainText("This moves 1 message now");
  await expect(confirm).toContainText("A mapping cannot be changed afterwards.");
  await confirm.getByRole("button", { name: "Back" }).click();
  await expect(confirm).toHaveCount(0);
  expect((await db.query(`SELECT 1 FROM "ReceiptStatus" WHERE status = $1 AND state IS NULL`, [status])).rowCount).toBe(
    1,
  );
  await form.getByRole("button", { name: "Map…" }).click();
  await form.getByRole("button", { name: "Yes, map it" }).click();
  await expect(page.getByText(`“${status}” mapped: 1 message(s) changed`)).toBeVisible();
  await expect(unknown.getByRole("row").filter({ hasText: status })).toHaveCount(0);

  await page.goto(`/batches/${batchId}`);
  await expect(page.getByTestId("count-FAILED")).toHaveText("1");
  await expect(page.getByTestId("batch-state")).toHaveText("finished");
  await expect(page.getByTestId("unmapped-statuses")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Failure reasons" }).getByText("Number does not exist or is inactive"),
  ).toBeVisible();
  const { rows: audit } = await db.query<{ actorId: string }>(
    `SELECT "actorId" FROM "AuditEvent" WHERE action = 'receipt_status.map' AND "targetId" = $1`,
    [status],
  );
  expect(audit.map((a) => a.actorId)).toEqual([admin.id]);
});
