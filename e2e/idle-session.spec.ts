// The idle timeout (SESSION_IDLE_MINUTES, 30 by default): a session quiet past it is sent to the log-in page, which
// says why. The quiet is made by moving the session's last request back in the database (lib/auth/session-activity.ts
// keeps it there), not by waiting; the test then waits for the redirect itself.
import { expect, logIn, test } from "./fixtures";

test("a session idle past the limit lands on the log-in page with the reason", async ({ page, seedUser, db }) => {
  const user = await seedUser("VIEWER");
  await logIn(page, user);
  const { rowCount } = await db.query(
    `UPDATE "SessionActivity" SET "lastSeenAt" = "lastSeenAt" - interval '31 minutes' WHERE "userId" = $1`,
    [user.id],
  );
  expect(rowCount).toBe(1);
  await page.goto("/batches");
  await expect(page).toHaveURL(/\/login\?idle=1$/);
  await expect(page.getByRole("status")).toHaveText(
    "Your session ended after 30 minutes without activity. Log in again.",
  );
  await page.screenshot({ path: "e2e/screenshots/idle-session.png" });
  // Logging in again works, and the new session is not idle.
  await logIn(page, user);
  await page.goto("/batches");
  await expect(page).toHaveURL(/\/batches$/);
});
