// The current-password check of a password change, throttled like a log-in (throttle.ts, PAIR_POLICY): whoever
// holds a session — a borrowed laptop, a stolen cookie — could otherwise guess the account's password there without
// limit, since that form never reaches the log-in throttle. Keyed by the user alone: only their own session can
// count failures against it, so the lock cannot be used against anyone else.
// Counted before the password is checked (throttle.ts says why).
import "server-only";
import { PAIR_POLICY } from "./login-throttle";
import { clearFailures, countAttempt, type Counted } from "./throttle";

const key = (userId: string): string => `password-check:user:${userId}`;

/** Counts one check of this user's current password, or refuses it while they are locked. */
export const countPasswordCheck = (userId: string, now = new Date()): Promise<Counted> =>
  countAttempt(key(userId), PAIR_POLICY, now);

export const clearPasswordCheckFailures = (userId: string): Promise<void> => clearFailures(key(userId));
