// Each spec seeds the users it needs straight into the test database, then logs in through the real form — or, when
// the spec is not about logging in, starts from the run's shared user of a role (logInAs, made by roles.setup.ts).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { expect, test as base, type Page } from "@playwright/test";
import pg from "pg";

export type SeededUser = { id: string; email: string; password: string; role: Role };
export type Role = "ADMIN" | "OPERATOR" | "VIEWER";
export const ROLES: readonly Role[] = ["ADMIN", "OPERATOR", "VIEWER"];

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the e2e tests through `npm test` or `npm run test:e2e`.");
  const host = new URL(url).hostname;
  // Specs write to this database: refuse anything but a local one.
  if (!["127.0.0.1", "localhost", "::1"].includes(host))
    throw new Error(`Refusing to seed a non-local database (${host}).`);
  return url;
}

/** Where roles.setup.ts leaves each role's logged-in browser state and user: the run's own temporary folder
 * (scripts/test.ts makes it), so two runs at once never read each other's. */
export function roleFiles(role: Role): { state: string; user: string } {
  const dir = process.env.E2E_STATE_DIR;
  if (!dir) throw new Error("E2E_STATE_DIR is not set: run the e2e tests through `npm test` or `npm run test:e2e`.");
  return { state: path.join(dir, `${role}.state.json`), user: path.join(dir, `${role}.user.json`) };
}

export const test = base.extend<{
  db: pg.Client;
  seedUser: (role: SeededUser["role"], options?: { disabled?: boolean }) => Promise<SeededUser>;
  logInAs: (page: Page, role: Role) => Promise<SeededUser>;
}>({
  db: async ({}, use) => {
    const client = new pg.Client(databaseUrl());
    await client.connect();
    await use(client);
    await client.end();
  },
  seedUser: async ({ db }, use) => {
    await use(async (role, options = {}) => {
      const email = `${role.toLowerCase()}-${randomBytes(4).toString("hex")}@e2e.test`;
      const password = `pw-${randomBytes(8).toString("hex")}`;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO "User" (id, email, name, "passwordHash", role, "disabledAt", "updatedAt")
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now()) RETURNING id`,
        [email, `E2E ${role.toLowerCase()}`, await hash(password), role, options.disabled ? new Date() : null],
      );
      return { id: rows[0]!.id, email, password, role };
    });
  },
  /**
   * Logged in as the run's shared user of `role` without the form (Playwright's storage-state pattern): the page's
   * context gets the session cookie roles.setup.ts saved. For specs that are not about logging in, that neither log
   * that user out nor change them (a log-out ends every session of the user: lib/auth/end-sessions.ts), and that do
   * not count what "their" user did while other specs use the same user beside them. The shared user stands for
   * someone at work all along, so its session's last request is brought to now: a run longer than the idle limit
   * (lib/auth/session-activity.ts) would otherwise end it between two specs, which would be no test of anything.
   */
  logInAs: async ({ db }, use) => {
    await use(async (page, role) => {
      const files = roleFiles(role);
      const user = JSON.parse(fs.readFileSync(files.user, "utf8")) as SeededUser;
      const state = JSON.parse(fs.readFileSync(files.state, "utf8")) as {
        cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0];
      };
      await db.query(`UPDATE "SessionActivity" SET "lastSeenAt" = now() WHERE "userId" = $1`, [user.id]);
      await page.context().addCookies(state.cookies);
      return user;
    });
  },
});

export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(page);
}

/** A log-in has landed: the console's header names the user. A log-in runs argon2 and, the first time after the
 * console starts, renders the Overview's modules for the first time: on a loaded 2-core machine that alone has taken
 * more than the default 5 s, so this waits for the header itself, bounded generously. */
export async function expectLoggedIn(page: Page): Promise<void> {
  await expect(page.getByTestId("current-user")).toBeVisible({ timeout: 60_000 });
}

/** Compose, once React runs it: its Send button is disabled in the server's HTML and enabled by hydration, so nothing
 * typed is lost to a form React has not taken over yet. */
export async function openCompose(page: Page, path = "/compose"): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("button", { name: /^(Send to|Schedule for) / })).toBeEnabled();
}

export { expect };
