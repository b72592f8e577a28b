import { expect, expectLoggedIn, logIn, test } from "./fixtures";

test("a logged-out visitor is sent to the login page", async ({ page }) => {
  await page.goto("/batches");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("an admin logs in, sees the overview read from the database, and logs out", async ({ page, seedUser }) => {
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText(/Recent batches \(\d+ in all\)/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Overview",
    "Compose",
    "Lists",
    "Templates",
    "Opt-outs",
    "Batches",
    "Receipts",
    "Users",
    "Audit",
    "Webhooks",
    "Settings",
    "API keys",
    "API",
  ]);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password shows a clear message and does not log in", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await page.goto("/login");
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong email or password.");
  await expect(page).toHaveURL(/\/login/);
  const { rows } = await db.query<{ failures: number }>(`SELECT failures FROM "LoginThrottle" WHERE key LIKE $1`, [
    `email:${operator.email}|client:%`,
  ]);
  expect(rows.map((row) => row.failures)).toEqual([1]);
});

test("wrong passwords from one client lock that client out of the account, while its owner still logs in from another", async ({
  browser,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const attacker = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.66" } });
  const page = await attacker.newPage();
  const failures = async () =>
    (
      await db.query<{ failures: number }>(`SELECT failures FROM "LoginThrottle" WHERE key = $1`, [
        `email:${admin.email}|client:198.51.100.66`,
      ])
    ).rows[0]?.failures ?? 0;
  await page.goto("/login");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(failures).toBe(attempt);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong email or password.");
  }
  // From the failing client even the right password is refused, with how long to wait.
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    /Too many failed attempts\. Try again in 15 minute/,
  );
  await attacker.close();

  // The administrator, from their own address, is not locked out.
  const own = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.10" } });
  await logIn(await own.newPage(), admin);
  await own.close();
});

test("a viewer is refused the admin-only settings page", async ({ page, seedUser }) => {
  const viewer = await seedUser("VIEWER");
  await logIn(page, viewer);
  const response = await page.goto("/settings");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
});

test("a user disabled while logged in is refused on the next request", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await db.query(`UPDATE "User" SET "disabledAt" = now() WHERE id = $1`, [operator.id]);
  await page.goto("/batches");
  await expect(page).toHaveURL(/\/login/);
});

test("a callback URL that leads to another origin is ignored: after login the browser stays on the console", async ({
  page,
  seedUser,
  baseURL,
}) => {
  const operator = await seedUser("OPERATOR");
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/\\evil.example/")}`);
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(page);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(page.url()).pathname).toBe("/");
});

test("a same-origin callback URL is honoured after login", async ({ page, seedUser }) => {
  const operator = await seedUser("OPERATOR");
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/batches")}`);
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(page);
  await expect(page.getByRole("heading", { name: "Batches" })).toBeVisible();
  await expect(page).toHaveURL(/\/batches$/);
});

test("a session cookie saved before logging out no longer works afterwards", async ({ browser, page, seedUser }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const saved = await page.context().cookies();
  expect(saved.some((cookie) => cookie.name.includes("next-auth.session-token"))).toBe(true);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);

  // Someone who copied the cookie before log-out replays it in a fresh browser.
  const replay = await browser.newContext();
  await replay.addCookies(saved);
  const stolen = await replay.newPage();
  await stolen.goto("/batches");
  await expect(stolen).toHaveURL(/\/login/);
  const api = await replay.request.get("/api/batches/00000000-0000-0000-0000-000000000000");
  expect(api.status()).toBe(401);
  await replay.close();
});
