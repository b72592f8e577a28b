// Login throttling shared by every web process (kept in Postgres): after MAX_FAILURES failed attempts within
// WINDOW for one key (an email or a client address), that key is locked for LOCK_FOR.
import "server-only";
import { db } from "@/lib/db/client";

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;

/** Milliseconds until the key may try again, or 0 when it may try now. */
export async function lockedFor(key: string, now = new Date()): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (!row?.lockedUntil) return 0;
  return Math.max(0, row.lockedUntil.getTime() - now.getTime());
}

export async function recordFailure(key: string, now = new Date()): Promise<void> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  const windowExpired = !row || now.getTime() - row.windowStart.getTime() > WINDOW_MS;
  const failures = windowExpired ? 1 : row.failures + 1;
  const lockedUntil = failures >= MAX_FAILURES ? new Date(now.getTime() + LOCK_MS) : null;
  await db.loginThrottle.upsert({
    where: { key },
    create: { key, failures, windowStart: now, lockedUntil },
    update: { failures, lockedUntil, ...(windowExpired ? { windowStart: now } : {}) },
  });
}

export async function clearFailures(key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
