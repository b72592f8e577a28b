// The worker's sweep of log-in failure counters (lib/dispatch/chores/forget-login-failures.ts). Plain SQL on the bulk
// pool: this was the worker's one use of the Prisma client, whose query compiler held about 30 MB in the worker for
// one statement every ten minutes (BENCHMARKS.md, idle memory).
import "server-only";
import { pool } from "@/lib/db/pool";
import { CLIENT_POLICY, PAIR_POLICY } from "./throttle-policies";

/**
 * Deletes the counters that no longer matter: window over and no lock in force. Such a row counts for nothing (the
 * next failure starts a new window at 1), but every email an attacker sprays from every address leaves one, so
 * without this the table only grows. Returns how many were deleted. Times go in as epoch milliseconds (the instant,
 * whatever the session's zone).
 */
export async function forgetExpiredLoginFailures(now = new Date()): Promise<number> {
  const windowMs = Math.max(PAIR_POLICY.windowMs, CLIENT_POLICY.windowMs);
  const { rowCount } = await pool().query(
    `DELETE FROM "LoginThrottle"
      WHERE "windowStart" < to_timestamp($1::float8 / 1000)
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= to_timestamp($2::float8 / 1000))`,
    [now.getTime() - windowMs, now.getTime()],
  );
  return rowCount ?? 0;
}
