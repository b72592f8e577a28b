import { expect, test } from "./fixtures";

test("an admin adds a provider account: the token is stored encrypted, shown only as its last four, and audited", async ({
  page,
  logInAs,
  db,
}) => {
  await logInAs(page, "ADMIN");
  await page.goto("/settings");
  await page.getByText("Add an account", { exact: true }).click();
  const form = page.locator("details", { hasText: "Add an account" });
  const name = `Real provider ${Date.now()}`;
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Base URL (with /api/v1)").fill("not a url");
  await form.getByLabel("Bearer token").fill("live-token-abcd1234WXYZ");
  await form.getByLabel("Sender IDs").fill("ACME\nACME-NEWS");
  await form.getByLabel("Default originator number").fill("254700111222");
  await form.getByRole("button", { name: "Add account" }).click();
  // A bad field is refused with its message, and what was typed stays.
  await expect(form.getByRole("alert")).toContainText("A full URL");
  await expect(form.getByLabel("Name")).toHaveValue(name);

  await form.getByLabel("Base URL (with /api/v1)").fill("https://api.example.com/api/v1");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByRole("status")).toHaveText(/Saved\./);
  await expect(page.getByRole("cell", { name: "…WXYZ" })).toBeVisible();
  await expect(page.getByText("live-token-abcd1234WXYZ")).toHaveCount(0);

  const { rows } = await db.query<{ id: string; tokenCiphertext: string; tokenLast4: string }>(
    `SELECT id, "tokenCiphertext", "tokenLast4" FROM "ProviderAccount" WHERE name = $1`,
    [name],
  );
  expect(rows[0]!.tokenLast4).toBe("WXYZ");
  expect(rows[0]!.tokenCiphertext).not.toContain("live-token");
  const audit = await db.query<{ action: string; detail: string }>(
    `SELECT action, detail::text FROM "AuditEvent" WHERE "targetId" = $1`,
    [rows[0]!.id],
  );
  expect(audit.rows.map((r) => r.action)).toEqual(["account.create"]);
  expect(audit.rows[0]!.detail).not.toContain("live-token");
});
