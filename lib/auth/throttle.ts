// Attempt counters per key, shared by every web process (kept in Postgres): after `maxFailures` failures within
// `windowMs` for one key, that key is locked for `lockMs`. What a key is (a client, an email and a client together)
// is the caller's policy (login-throttle.ts).
//
// An attempt is counted before its password is checked, not after: counting after let a burst of parallel guesses
// all read "not locked", all run argon2 and only then all count (docs/design.md §3). So the count is of attempts
// (failed, or still being checked); a key is locked once it reaches the limit, an attempt that finds it locked is
// refused before any check, and a right password gives its attempt back (creditAttempt) or clears the key.
import "server-only";
import { db } from "@/lib/db/client";
import type { ThrottlePolicy } from "./throttle-policies";

/** Milliseconds until the key may try again, or 0 when it may try now. */
export async function lockedFor(key: string, now = new Date()): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (!row?.lockedUntil) return 0;
  return Math.max(0, row.lockedUntil.getTime() - now.getTime());
}

/** The outcome of counting an attempt: refused (the key is locked, `waitMs` to go) or counted. */
export type Counted = { allowed: false; waitMs: number } | { allowed: true; lockedNow: boolean };

/**
 * Counts one attempt, in one statement, unless the key is locked: the row lock of `ON CONFLICT DO UPDATE` orders
 * parallel attempts, each sees the count the one before it left, so at most `maxFailures` are allowed per lock. A
 * window that is over, or a lock that has ended, starts again at 1. Times go in as epoch milliseconds (to_timestamp
 * gives the instant, whatever the session's zone). `lockedNow`: this very attempt reached the limit, so if it fails
 * it is the one that started the lock (reported once).
 */
export async function countAttempt(key: string, policy: ThrottlePolicy, now = new Date()): Promise<Counted> {
  const nowMs = now.getTime();
  const lockUntilMs = nowMs + policy.lockMs;
  // Twice at most: a lock that ends between the refusal and the read of its end is tried again.
  for (let round = 0; round < 2; round++) {
    const rows = await db.$queryRaw<{ failures: number }[]>`
      INSERT INTO "LoginThrottle" AS t (key, failures, "windowStart", "lockedUntil")
      VALUES (${key}, 1, to_timestamp(${nowMs}::float8 / 1000),
              CASE WHEN ${policy.maxFailures}::int <= 1 THEN to_timestamp(${lockUntilMs}::float8 / 1000) END)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN t."lockedUntil" IS NOT NULL
                          OR t."windowStart" < EXCLUDED."windowStart" - ${policy.windowMs}::float8 * interval '1 millisecond'
                        THEN 1 ELSE t.failures + 1 END,
        "windowStart" = CASE WHEN t."lockedUntil" IS NOT NULL
                               OR t."windowStart" < EXCLUDED."windowStart" - ${policy.windowMs}::float8 * interval '1 millisecond'
                             THEN EXCLUDED."windowStart" ELSE t."windowStart" END,
        "lockedUntil" = CASE WHEN (CASE WHEN t."lockedUntil" IS NOT NULL
                                          OR t."windowStart" < EXCLUDED."windowStart" - ${policy.windowMs}::float8 * interval '1 millisecond'
                                        THEN 1 ELSE t.failures + 1 END) >= ${policy.maxFailures}::int
                             THEN to_timestamp(${lockUntilMs}::float8 / 1000) END
      WHERE t."lockedUntil" IS NULL OR t."lockedUntil" <= EXCLUDED."windowStart"
      RETURNING failures`;
    if (rows[0]) return { allowed: true, lockedNow: rows[0].failures === policy.maxFailures };
    // Never more than a lock lasts: an attempt whose `now` was taken just before a parallel one set the lock would
    // otherwise be told the lock's length plus that gap ("16 minute(s)" for a 15-minute lock).
    const waitMs = Math.min(await lockedFor(key, now), policy.lockMs);
    if (waitMs > 0) return { allowed: false, waitMs };
  }
  return { allowed: false, waitMs: policy.lockMs };
}

/**
 * Gives back one counted attempt (its password was right): the count goes down by one, and a lock it helped reach is
 * lifted when the count falls below the limit — the failures alone never reached it.
 */
export async function creditAttempt(key: string, policy: ThrottlePolicy): Promise<void> {
  await db.$executeRaw`
    UPDATE "LoginThrottle"
       SET failures = GREATEST(failures - 1, 0),
           "lockedUntil" = CASE WHEN failures - 1 < ${policy.maxFailures}::int THEN NULL ELSE "lockedUntil" END
     WHERE key = ${key}`;
}

export async function clearFailures(key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
