// Log-in throttling by client address and email together (OWASP credential-stuffing guidance). An email alone is
// never locked: anyone could then lock the administrator out by typing wrong passwords for their address. Instead:
// - one client guessing one account: 5 failures lock that (email, client) pair, so the right password still works
//   from anywhere else;
// - one client trying many accounts (credential stuffing): 20 failures, whatever the emails, lock that client.
// A success clears the pair only: a client cannot reset its stuffing count by logging in to an account it owns.
import "server-only";
import { clearFailures, forgetExpired, lockedFor, recordFailure, type ThrottlePolicy } from "./throttle";

const MINUTE = 60_000;
export const PAIR_POLICY: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
export const CLIENT_POLICY: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

export type LoginAttemptKey = { email: string; clientAddress: string };

export const pairKey = ({ email, clientAddress }: LoginAttemptKey): string => `email:${email}|client:${clientAddress}`;
export const clientKey = ({ clientAddress }: LoginAttemptKey): string => `client:${clientAddress}`;

/** Milliseconds until this client may try this email again (0: now). */
export async function loginWaitMs(attempt: LoginAttemptKey, now = new Date()): Promise<number> {
  const [pair, client] = await Promise.all([lockedFor(pairKey(attempt), now), lockedFor(clientKey(attempt), now)]);
  return Math.max(pair, client);
}

/** Counts a failed log-in; says which locks this failure started (for the audit log's lock-out events). */
export async function recordLoginFailure(
  attempt: LoginAttemptKey,
  now = new Date(),
): Promise<{ pairLocked: boolean; clientLocked: boolean }> {
  const [pair, client] = await Promise.all([
    recordFailure(pairKey(attempt), PAIR_POLICY, now),
    recordFailure(clientKey(attempt), CLIENT_POLICY, now),
  ]);
  return { pairLocked: pair.lockedNow, clientLocked: client.lockedNow };
}

export async function recordLoginSuccess(attempt: LoginAttemptKey): Promise<void> {
  await clearFailures(pairKey(attempt));
}

/**
 * Deletes the counters that no longer matter: window over and no lock in force. Such a row counts for nothing (the
 * next failure starts a new window at 1), but every email an attacker sprays from every address leaves one, so
 * without this the table only grows. Returns how many were deleted. Run by the worker's sweep.
 */
export async function forgetExpiredLoginFailures(now = new Date()): Promise<number> {
  const windowMs = Math.max(PAIR_POLICY.windowMs, CLIENT_POLICY.windowMs);
  return forgetExpired(new Date(now.getTime() - windowMs), now);
}
