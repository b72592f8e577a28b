// The duplicate-send guard through the browser (lib/batches/duplicate-guard.ts): the same text to the same people
// again is noticed at Compose — the plan and the button count them out, the operator downloads who they are — and
// including them needs a reason, which the audit keeps with the batch.
import { readFileSync } from "node:fs";
import { expect, logIn, openCompose, test } from "./fixtures";

const TEXT = "Kliniki imefungwa kesho: duplicate guard e2e.";

test("recipients sent the same text today are left out by default, can be downloaded, and are included only with a reason", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("First notice");
  await page.getByLabel("Message").fill(TEXT);
  await page.getByLabel("Recipients").fill("0719300001\n0719300002");
  await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
  await page.getByRole("button", { name: "Send 2 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });

  // The same text again, to them (one typed in the other form) and to someone new.
  await openCompose(page);
  await page.getByLabel("Batch name").fill("Second notice");
  await page.getByLabel("Message").fill(TEXT);
  await page.getByLabel("Recipients").fill("254719300001\n0719300002\n0719300003");
  const guard = page.getByTestId("duplicates");
  await expect(guard).toContainText("2 recipient(s) were sent this exact text in the last 24 hours.");
  await expect(page.getByTestId("plan-resent")).toContainText("2 recipient(s) were sent this text recently");
  await expect(page.getByRole("button", { name: "Send to 1 recipient…" })).toBeVisible();

  const download = page.waitForEvent("download");
  await guard.getByRole("button", { name: "Download them (CSV)" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.trimEnd().split("\r\n")).toEqual(["phone,row", "254719300001,", "254719300002,"]);
  // Numbers leaving the console: the download is audited with who took it and how many rows.
  const { rows: downloads } = await db.query<{ detail: Record<string, unknown> }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'export.duplicates' AND "actorId" = $1`,
    [operator.id],
  );
  expect(downloads).toEqual([{ detail: { rows: 2, windowHours: 24 } }]);

  // Including them: without a reason nothing opens; with one, all three are sent and the reason is audited.
  await guard.getByLabel("Send to them anyway").check();
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await expect(guard.getByText("Say why these recipients should get the same text again")).toBeVisible();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await guard.getByLabel("Why they should get it again").fill("The first notice had the wrong date");
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await page.getByRole("button", { name: "Send 3 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const batchId = page.url().split("/").pop()!;
  const { rows } = await db.query<{ phone: string }>(
    `SELECT phone FROM "Message" WHERE "batchId" = $1 ORDER BY phone`,
    [batchId],
  );
  expect(rows.map((r) => r.phone)).toEqual(["254719300001", "254719300002", "254719300003"]);
  const { rows: audit } = await db.query<{ detail: Record<string, unknown> }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'batch.create' AND "targetId" = $1`,
    [batchId],
  );
  expect(audit[0]?.detail).toMatchObject({
    resent: 2,
    resentExcluded: 0,
    resentReason: "The first notice had the wrong date",
  });
});
