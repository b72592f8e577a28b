// Small things people trip on (issue 19): Add user defaults to Viewer, the one-time password has a Copy button that
// says "Copied", the form clears; a changed password lands on a log-in page that says so; and on a 390 px phone the
// key figures of the Overview and the batches list are cards on screen, and the Users page's actions are reachable,
// with nothing scrolling sideways.
import { expect, expectLoggedIn, logIn, test } from "./fixtures";
import type { Page } from "@playwright/test";

const noSideScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test("Add user: Viewer by default, the one-time password copied with a confirmation, the form cleared", async ({
  page,
  context,
  browser,
  logInAs,
  db,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await logInAs(page, "ADMIN");
  await page.goto("/users");
  const form = page.getByRole("region", { name: "Add a user" });
  await expect(form.getByLabel("Role", { exact: true })).toHaveValue("VIEWER");
  const email = `viewer-${Date.now()}@e2e.test`;
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Name").fill("Wanjiku Viewer");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByRole("status").first()).toContainText(`${email} can log in with this one-time password`);
  const password = await form.getByLabel("One-time password").inputValue();
  expect(password).toHaveLength(18);
  await expect(form.getByText("Copied")).toHaveCount(0);
  await form.getByRole("button", { name: "Copy" }).click();
  await expect(form.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  // Cleared for the next person; the role back to Viewer.
  await expect(form.getByLabel("Email")).toHaveValue("");
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(form.getByLabel("Role", { exact: true })).toHaveValue("VIEWER");
  const { rows } = await db.query<{ role: string }>(`SELECT role FROM "User" WHERE email = $1`, [email]);
  expect(rows).toEqual([{ role: "VIEWER" }]);

  // They log in with it, choose their own password, and the log-in page says why they are there.
  const theirs = await browser.newContext();
  const user = await theirs.newPage();
  await logIn(user, { email, password });
  await expect(user).toHaveURL(/\/account$/);
  await expect(user.getByLabel("Current password")).toBeEditable();
  await user.getByLabel("Current password").fill(password);
  await user.getByLabel("New password", { exact: true }).fill("a password of my own");
  await user.getByLabel("New password again").fill("a password of my own");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user).toHaveURL(/\/login\?changed=1$/);
  await expect(user.getByRole("status")).toHaveText(
    "Password changed — log in again with your new password. Your other sessions have ended too.",
  );
  await user.getByLabel("Email").fill(email);
  await user.getByLabel("Password").fill("a password of my own");
  await user.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(user);
  await expect(user.getByRole("heading", { name: "Overview" })).toBeVisible();
  await theirs.close();
  // A plain log-in page does not say it.
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(page.getByText("Password changed")).toHaveCount(0);
});

test("at 390 px: the Overview's and the batches list's figures are cards on screen; Users' actions are reachable", async ({
  browser,
  seedUser,
  db,
}) => {
  const name = `Phone figures ${Date.now()}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', $1, id, 'Hello', 'TUMA', 'COMPLETED', now(), now() FROM "ProviderAccount" LIMIT 1
     RETURNING id`,
    [name],
  );
  await db.query(
    `INSERT INTO "Message" ("batchId", phone, state, text, "submittedAt")
     SELECT $1, '2547' || lpad((31000000 + g)::text, 8, '0'), CASE WHEN g <= 3 THEN 'FAILED' ELSE 'DELIVERED' END::"MessageState", 'Hello', now()
     FROM generate_series(1, 10) g`,
    [rows[0]!.id],
  );
  // The state counters follow the messages (a trigger); the recipient count is set when a batch is created.
  await db.query(`UPDATE "Batch" SET "recipientCount" = 10 WHERE id = $1`, [rows[0]!.id]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);

  await page.goto("/");
  const today = page.getByRole("region", { name: "Totals" }).getByRole("region", { name: "Today" });
  for (const figure of ["sent-Today", "reached-Today", "failed-Today"])
    await expect(today.getByTestId(figure)).toBeInViewport({ ratio: 1 });
  expect(await noSideScroll(page)).toBe(true);

  await page.goto(`/batches?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("list", { name: "Batches" }).getByRole("listitem").filter({ hasText: name });
  await expect(card.getByRole("link", { name })).toBeInViewport();
  const figures = card.getByTestId("batch-figures");
  await expect(figures).toBeInViewport({ ratio: 1 });
  await expect(figures).toContainText("Recipients10");
  await expect(figures).toContainText("Delivered7");
  await expect(figures).toContainText("Failed3");
  // The wide table is not what a phone gets.
  await expect(page.getByRole("table")).toBeHidden();
  expect(await noSideScroll(page)).toBe(true);

  await page.goto("/users");
  const row = page.getByRole("row").filter({ hasText: admin.email });
  for (const control of [
    row.getByLabel(`Role of ${admin.email}`),
    row.getByRole("button", { name: "Reset password" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Nothing in the table's own box scrolls sideways either.
  const table = page.getByRole("table", { name: "Users" });
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  expect(await noSideScroll(page)).toBe(true);
  await context.close();
});
