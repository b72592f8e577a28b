// The idle session timeout (ASVS 3.3.2; docs/design.md §3): besides ending SESSION_MAX_AGE_HOURS after log-in, a
// session ends after SESSION_IDLE_MINUTES without a request. Session tokens are JWTs that pages cannot rewrite, so the
// last request's time is kept in the database, one SessionActivity row per session (its random id is in the token),
// written at most once a minute (a busy page would otherwise write on every request) — or more often when the idle
// limit is short, so that a write always falls well inside it.
import "server-only";
import { db } from "@/lib/db/client";

const TOUCH_EVERY_MS = 60_000;

/** At log-in: the session's row; the user's rows of sessions that ended long ago go (bounded per user). */
export async function startSessionActivity(sid: string, userId: string, maxAgeMs: number, now = new Date()) {
  await db.$transaction([
    db.sessionActivity.deleteMany({ where: { userId, lastSeenAt: { lt: new Date(now.getTime() - maxAgeMs) } } }),
    db.sessionActivity.create({ data: { sid, userId, lastSeenAt: now } }),
  ]);
}

/**
 * Whether the session has been idle past `idleMs` (or has no row: a token from before this check, or one whose row
 * went); when not, counts this request as activity.
 */
export async function sessionIsIdle(sid: string | undefined, idleMs: number, now = new Date()): Promise<boolean> {
  if (!sid) return true;
  const row = await db.sessionActivity.findUnique({ where: { sid }, select: { lastSeenAt: true } });
  if (!row) return true;
  const quiet = now.getTime() - row.lastSeenAt.getTime();
  if (quiet > idleMs) {
    await db.sessionActivity.deleteMany({ where: { sid } });
    return true;
  }
  if (quiet >= Math.min(TOUCH_EVERY_MS, idleMs / 4))
    await db.sessionActivity.updateMany({ where: { sid, lastSeenAt: { lt: now } }, data: { lastSeenAt: now } });
  return false;
}
