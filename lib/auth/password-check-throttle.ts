// The current-password check of a password change, throttled like a log-in (throttle.ts, PAIR_POLICY): whoever
// holds a session — a borrowed laptop, a stolen cookie — could otherwise guess the account's password there without
// limit, since that form never reaches the log-in throttle. Keyed by the user alone: only their own session can
// count failures against it, so the lock cannot be used against anyone else.
import "server-only";
import { PAIR_POLICY } from "./login-throttle";
import { clearFailures, lockedFor, recordFailure } from "./throttle";

const key = (userId: string): string => `password-check:user:${userId}`;

/** Milliseconds until this user may check their current password again (0: now). */
export const passwordCheckWaitMs = (userId: string, now = new Date()): Promise<number> => lockedFor(key(userId), now);

export const recordPasswordCheckFailure = (userId: string, now = new Date()): Promise<{ lockedNow: boolean }> =>
  recordFailure(key(userId), PAIR_POLICY, now);

export const clearPasswordCheckFailures = (userId: string): Promise<void> => clearFailures(key(userId));
