// Running the console: users (one-time passwords, roles, disable, reset), the audit log, refusals for other roles,
// and every page usable at 390 px without sideways scrolling.
import { expect, expectLoggedIn, logIn, test } from "./fixtures";

test("an admin adds a user; the user logs in with the one-time password, must choose their own, then logs in with it", async ({
  page,
  browser,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  const email = `new-${Date.now()}@e2e.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("New Operator");
  await page.getByLabel("Role", { exact: true }).selectOption("OPERATOR");
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status").filter({ hasText: "one-time password" })).toBeVisible();
  const password = await page.getByLabel("One-time password").inputValue();
  expect(password).toHaveLength(18);
  await expect(page.getByRole("row").filter({ hasText: email }).getByText("one-time password")).toBeVisible();

  const other = await browser.newContext();
  const user = await other.newPage();
  await user.goto("/login");
  await user.getByLabel("Email").fill(email);
  await user.getByLabel("Password").fill(password!);
  await user.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(user);
  await expect(user).toHaveURL(/\/account$/);
  await expect(user.getByText("You logged in with a one-time password")).toBeVisible();
  await user.goto("/compose"); // nothing else until the password is changed
  await expect(user).toHaveURL(/\/account$/);
  await user.getByLabel("Current password").fill(password!);
  await user.getByLabel("New password", { exact: true }).fill("my very own password");
  await user.getByLabel("New password again").fill("my very own password");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user).toHaveURL(/\/login/);
  await user.getByLabel("Email").fill(email);
  await user.getByLabel("Password").fill("my very own password");
  await user.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(user);
  await expect(user.getByRole("heading", { name: "Overview" })).toBeVisible();
  await other.close();

  const { rows } = await db.query<{ action: string }>(
    `SELECT action FROM "AuditEvent" a JOIN "User" u ON u.id::text = a."targetId" WHERE u.email = $1 ORDER BY a.id`,
    [email],
  );
  // Both log-ins are audited too: with the one-time password, then with the user's own.
  expect(rows.map((r) => r.action)).toEqual(["user.create", "auth.login", "user.password_change", "auth.login"]);
});

test("an admin disables a user (their open session ends at once) and re-enables them", async ({
  page,
  browser,
  seedUser,
}) => {
  const admin = await seedUser("ADMIN");
  const operator = await seedUser("OPERATOR");
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await logIn(theirPage, operator);

  await logIn(page, admin);
  await page.goto("/users");
  const row = page.getByRole("row").filter({ hasText: operator.email });
  await row.getByRole("button", { name: "Disable" }).click();
  // Asked first, saying what will happen; nothing is done until confirmed.
  await expect(row.getByText(`Disable ${operator.email}? Their sessions end at once`)).toBeVisible();
  await row.getByRole("button", { name: "Disable the user" }).click();
  await expect(row.getByRole("status")).toHaveText("Disabled: their sessions have ended.");
  await theirPage.goto("/batches");
  await expect(theirPage).toHaveURL(/\/login/);
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(row.getByRole("status")).toHaveText("Enabled again.");
  await theirs.close();
  // The last active administrator's refusal is proven in lib/users/manage-users.test.ts, on a database of its own:
  // here it would mean disabling every other administrator of the shared e2e database, which logs out the
  // administrators of the specs running beside this one.
});

test("the audit log shows who did what, filters by action, and exports the same rows as CSV", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await page.goto("/users");
  const email = `audited-${Date.now()}@e2e.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Audited");
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status").filter({ hasText: "one-time password" })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }).click();
  await page.getByLabel("Action").selectOption("user.create");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=user\.create/);
  const event = page.getByRole("row").filter({ hasText: email });
  await expect(event).toContainText(admin.email);
  await expect(page.getByRole("row").filter({ hasText: "user.create" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "batch.create" })).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = (await import("node:fs")).readFileSync(await (await download).path(), "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("id,time,actor_email,actor_id,action,target_type,target_id,detail,what_happened");
  // Each row ends with the page's sentence, the new user named rather than its id.
  expect(lines.find((line) => line.includes(email))).toMatch(/,[^,]+ added Audited as viewer$/);
  expect(lines.slice(1).every((line) => line.includes(",user.create,"))).toBe(true);
  expect(csv).toContain(email);
  // The export itself is an audit event, with the filter it was taken with.
  const exported = await db.query<{ detail: { action?: string } }>(
    `SELECT detail FROM "AuditEvent" WHERE "actorId" = $1 AND action = 'export.audit'`,
    [admin.id],
  );
  expect(exported.rows.map((r) => r.detail.action)).toEqual(["user.create"]);
});

test("a viewer and an operator are refused every admin page and API, server-side", async ({ browser, logInAs }) => {
  for (const role of ["VIEWER", "OPERATOR"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logInAs(page, role);
    for (const path of ["/users", "/audit", "/settings", "/receipts", "/webhooks"]) {
      const response = await page.goto(path);
      expect(response?.status(), `${role} ${path}`).toBe(403);
    }
    expect((await context.request.get("/api/audit/export")).status()).toBe(403);
    const links = await page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents();
    expect(links).not.toContain("Users");
    expect(links).not.toContain("Audit");
    expect(links).not.toContain("Receipts");
    expect(links).not.toContain("Webhooks");
    await context.close();
  }
});

test("at 390 px no page scrolls sideways; the menu opens from a button", async ({ browser, logInAs }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logInAs(page, "ADMIN");
  for (const path of [
    "/",
    "/compose",
    "/lists",
    "/templates",
    "/opt-outs",
    "/batches",
    "/receipts",
    "/users",
    "/audit",
    "/settings",
    "/webhooks",
    "/api-keys",
    "/api-reference",
    "/account",
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await nav.getByRole("link", { name: "Batches" }).click();
  await expect(page.getByRole("heading", { name: "Batches" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/batches-390.png", fullPage: true });
  await context.close();
});
