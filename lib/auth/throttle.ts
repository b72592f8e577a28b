// Failure counters per key, shared by every web process (kept in Postgres): after `maxFailures` failures within
// `windowMs` for one key, that key is locked for `lockMs`. What a key is (a client, an email and a client together)
// is the caller's policy (login-throttle.ts).
import "server-only";
import { db } from "@/lib/db/client";
import type { ThrottlePolicy } from "./throttle-policies";

/** Milliseconds until the key may try again, or 0 when it may try now. */
export async function lockedFor(key: string, now = new Date()): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (!row?.lockedUntil) return 0;
  return Math.max(0, row.lockedUntil.getTime() - now.getTime());
}

/**
 * Counts one failure, in one statement: concurrent failures (an attacker's parallel requests) each count, where a
 * read-then-write would let them all read the same count. Times go in as epoch milliseconds (to_timestamp gives the
 * instant, whatever the session's zone). `lockedNow`: this very failure started the lock (the count reached the limit
 * exactly, which one failure of a burst does), so a lock-out is reported once.
 */
export async function recordFailure(
  key: string,
  policy: ThrottlePolicy,
  now = new Date(),
): Promise<{ lockedNow: boolean }> {
  const nowMs = now.getTime();
  const lockUntilMs = nowMs + policy.lockMs;
  const rows = await db.$queryRaw<{ failures: number }[]>`
    INSERT INTO "LoginThrottle" AS t (key, failures, "windowStart", "lockedUntil")
    VALUES (${key}, 1, to_timestamp(${nowMs}::float8 / 1000),
            CASE WHEN ${policy.maxFailures}::int <= 1 THEN to_timestamp(${lockUntilMs}::float8 / 1000) END)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t."windowStart" < EXCLUDED."windowStart" - ${policy.windowMs}::float8 * interval '1 millisecond'
                      THEN 1 ELSE t.failures + 1 END,
      "windowStart" = CASE WHEN t."windowStart" < EXCLUDED."windowStart" - ${policy.windowMs}::float8 * interval '1 millisecond'
                           THEN EXCLUDED."windowStart" ELSE t."windowStart" END,
      "lockedUntil" = CASE WHEN (CASE WHEN t."windowStart" < EXCLUDED."windowStart" - ${policy.windowMs}::float8 * interval '1 millisecond'
                                      THEN 1 ELSE t.failures + 1 END) >= ${policy.maxFailures}::int
                           THEN to_timestamp(${lockUntilMs}::float8 / 1000) END
    RETURNING failures`;
  return { lockedNow: rows[0]?.failures === policy.maxFailures };
}

export async function clearFailures(key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
