// Each spec seeds the users it needs straight into the test database, then logs in through the real form.
import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { expect, test as base, type Page } from "@playwright/test";
import pg from "pg";

export type SeededUser = { id: string; email: string; password: string; role: "ADMIN" | "OPERATOR" | "VIEWER" };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the e2e tests through `npm test` or `npm run test:e2e`.");
  const host = new URL(url).hostname;
  // Specs write to this database: refuse anything but a local one.
  if (!["127.0.0.1", "localhost", "::1"].includes(host))
    throw new Error(`Refusing to seed a non-local database (${host}).`);
  return url;
}

export const test = base.extend<{
  db: pg.Client;
  seedUser: (role: SeededUser["role"], options?: { disabled?: boolean }) => Promise<SeededUser>;
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
