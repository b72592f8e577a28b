// API keys in the console: an operator creates a key (shown once, with Copy) after typing their password again, uses
// it from another program (the request context, no cookie), sees its last use, revokes it, and the next request with
// it is refused (401). An administrator sees everyone's keys, and a password reset says first that it revokes them.
import { expect, logIn, test } from "./fixtures";

test("create a key in the console, use it, revoke it, and see 401", async ({ page, playwright, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Name").fill("Clinic system");
  await page.getByRole("checkbox", { name: /^send/ }).check();
  // The current password is asked again; a wrong one makes no key.
  await page.getByLabel("Your current password").fill("not my password");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Wrong password.")).toBeVisible();
  await page.getByLabel("Name").fill("Clinic system");
  await page.getByRole("checkbox", { name: /^send/ }).check();
  await page.getByLabel("Your current password").fill(operator.password);
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "shown only this once" })).toBeVisible();
  const key = await page.getByLabel("API key", { exact: true }).inputValue();
  expect(key).toMatch(/^tuma_live_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole("row").filter({ hasText: "Clinic system" });
  await expect(row.getByText(key.slice(0, 18))).toBeVisible();
  await expect(row.getByText("send, read")).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/api-keys.png", fullPage: true });

  const api = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  const sent = await api.post("/api/v1/batches", {
    data: { name: "From the clinic", templateText: "Your appointment is tomorrow.", recipients: ["254712345678"] },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const { rows } = await db.query<{ authorId: string }>(`SELECT "authorId" FROM "Batch" WHERE id = $1`, [id]);
  expect(rows[0]?.authorId).toBe(operator.id);
  expect((await api.get(`/api/v1/batches/${id}`)).status()).toBe(200);

  await page.reload();
  await expect(row.getByText("last used never")).toHaveCount(0);
  await row.getByRole("button", { name: "Revoke Clinic system" }).click();
  await page.getByRole("button", { name: "Revoke the key" }).click();
  await expect(row.getByText("revoked", { exact: true })).toBeVisible();
  const refused = await api.get(`/api/v1/batches/${id}`);
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/revoked/);
  await api.dispose();

  // The reference the key is for, rendered from /api/v1/openapi.json.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API", exact: true }).click();
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/api-reference.png" });
});

test("an administrator sees another user's key, and resetting that user's password says it revokes it and does", async ({
  browser,
  page,
  playwright,
  seedUser,
}) => {
  const operator = await seedUser("OPERATOR");
  const admin = await seedUser("ADMIN");
  const operatorPage = await browser.newPage();
  await logIn(operatorPage, operator);
  await operatorPage.goto("/api-keys");
  await operatorPage.getByLabel("Name").fill("Night job");
  await operatorPage.getByLabel("Your current password").fill(operator.password);
  await operatorPage.getByRole("button", { name: "Create key" }).click();
  const key = await operatorPage.getByLabel("API key", { exact: true }).inputValue();
  await operatorPage.close();

  await logIn(page, admin);
  await page.goto("/api-keys");
  const row = page.getByRole("row").filter({ hasText: "Night job" });
  await expect(row.getByText(`of ${operator.email}`)).toBeVisible();

  await page.goto("/users");
  const userRow = page.getByRole("row").filter({ hasText: operator.email });
  await expect(userRow.getByText("1 live API key")).toBeVisible();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(
      `Reset the password of ${operator.email}? Their sessions end and their 1 live API key is revoked.`,
    );
    void dialog.accept();
  });
  await userRow.getByRole("button", { name: "Reset password" }).click();
  // The row has two live regions (the action's sentence and the new password's Copy): the sentence is the one read.
  await expect(userRow.getByRole("status").filter({ hasText: "A new one-time password" })).toHaveText(
    "A new one-time password, shown only now. Their sessions have ended and 1 API key was revoked.",
  );
  const api = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  const refused = await api.get("/api/v1/batches/00000000-0000-4000-8000-000000000000");
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/revoked/);
  await api.dispose();
});
