// Through the real console: a log-in, an export of personal data and a log-out each leave an audit event, and a
// message text that is a formula with a line break comes back escaped in the downloaded CSV. An administrator
// rotates an account's receipt secret from Settings, with an overlap; the rotation is audited without the secrets.
import { expect, logIn, openCompose, test } from "./fixtures";

const FORMULA = '=HYPERLINK("http://evil.example","Prize")\nReply STOP to stop';

test("log-in, a batch export and log-out are audited; a formula in the text is escaped in the download", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("E2E formula");
  await page.getByLabel("Message").fill(FORMULA);
  await page.getByLabel("Recipients").fill("0712345001");
  await page.getByRole("button", { name: "Send to 1 recipient…" }).click();
  await page.getByRole("button", { name: "Send 1 text message" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const batchId = page.url().split("/").pop()!;

  const response = await page.request.get(`/api/batches/${batchId}/export`);
  expect(response.status()).toBe(200);
  const csv = await response.text();
  // The cell starts with an apostrophe inside its quotes: text to a spreadsheet, never a formula. (The browser sends
  // a textarea's line breaks as CRLF.)
  expect(csv).toMatch(/,"'=HYPERLINK\(""http:\/\/evil\.example"",""Prize""\)\r?\nReply STOP to stop",/);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(async () => {
      const { rows } = await db.query<{ action: string; targetId: string | null; detail: Record<string, unknown> }>(
        `SELECT action, "targetId", detail FROM "AuditEvent" WHERE "actorId" = $1 AND action <> 'batch.create' ORDER BY id`,
        [operator.id],
      );
      return rows.map((r) => [r.action, r.action === "export.batch" ? r.targetId : null, r.detail.format ?? null]);
    })
    .toEqual([
      ["auth.login", null, null],
      ["export.batch", batchId, "csv"],
      ["auth.logout", null, null],
    ]);
});

test("an administrator rotates a receipt secret with an overlap; both secrets work until it ends", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const name = `Rotating ${Date.now()}`;
  const { rows } = await db.query<{ id: string; receiptSecret: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'https://api.example.com/api/v1', 'x', 'abcd', 'TUMA', '254700000000', $2, now())
     RETURNING id, "receiptSecret"`,
    [name, `e2e-secret-${Date.now()}`],
  );
  const account = rows[0]!;
  await logIn(page, admin);
  await page.goto("/settings");
  await page.getByText(`Edit ${name}`, { exact: true }).click();
  const form = page.locator("details", { hasText: `Edit ${name}` }).getByRole("form", {
    name: "Rotate the receipt secret",
  });
  await form.getByLabel("Accept the old secret for (hours)").fill("2");
  await form.getByRole("button", { name: "Rotate receipt secret" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Rotated\. The old secret is accepted until .+ UTC\.$/);

  const after = await db.query<{ receiptSecret: string; previousReceiptSecret: string; hours: number }>(
    `SELECT "receiptSecret", "previousReceiptSecret",
            round(extract(epoch FROM "previousReceiptSecretUntil" - now()) / 3600)::int AS hours
     FROM "ProviderAccount" WHERE id = $1`,
    [account.id],
  );
  expect(after.rows[0]).toMatchObject({ previousReceiptSecret: account.receiptSecret, hours: 2 });
  // Both answer as this account (a wrong shape, 400 — not the 404 of an unknown secret); a made-up one is 404.
  for (const secret of [account.receiptSecret, after.rows[0]!.receiptSecret])
    expect((await page.request.post(`/api/receipts/${secret}`, { data: {} })).status(), secret).toBe(400);
  expect((await page.request.post(`/api/receipts/not-${account.receiptSecret}`, { data: {} })).status()).toBe(404);

  const audit = await db.query<{ actorId: string; detail: string }>(
    `SELECT "actorId", detail::text FROM "AuditEvent" WHERE "targetId" = $1 AND action = 'account.receipt_secret_rotate'`,
    [account.id],
  );
  expect(audit.rows).toHaveLength(1);
  expect(audit.rows[0]!.actorId).toBe(admin.id);
  expect(audit.rows[0]!.detail).not.toContain(account.receiptSecret);
  expect(audit.rows[0]!.detail).not.toContain(after.rows[0]!.receiptSecret);
});
