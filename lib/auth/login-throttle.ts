// Log-in throttling by client address and email together (OWASP credential-stuffing guidance). An email alone is
// never locked: anyone could then lock the administrator out by typing wrong passwords for their address. Instead:
// - one client guessing one account: 5 failures lock that (email, client) pair, so the right password still works
//   from anywhere else;
// - one client trying many accounts (credential stuffing): 20 failures, whatever the emails, lock that client.
// Attempts are counted before the password is checked (throttle.ts). A success clears the pair and gives the client
// back only its own attempt: a client cannot reset its stuffing count by logging in to an account it owns.
import "server-only";
import { throttleScope } from "@/lib/client-address/client-address";
import { clearFailures, countAttempt, creditAttempt, lockedFor } from "./throttle";
import { CLIENT_POLICY, PAIR_POLICY } from "./throttle-policies";

export { CLIENT_POLICY, PAIR_POLICY };

export type LoginAttemptKey = { email: string; clientAddress: string };

// A client is its address, or its /64 for IPv6 (lib/client-address/client-address.ts throttleScope says why).
export const pairKey = ({ email, clientAddress }: LoginAttemptKey): string =>
  `email:${email}|client:${throttleScope(clientAddress)}`;
export const clientKey = ({ clientAddress }: LoginAttemptKey): string => `client:${throttleScope(clientAddress)}`;

/** Milliseconds until this client may try this email again (0: now). */
export async function loginWaitMs(attempt: LoginAttemptKey, now = new Date()): Promise<number> {
  const [pair, client] = await Promise.all([lockedFor(pairKey(attempt), now), lockedFor(clientKey(attempt), now)]);
  return Math.max(pair, client);
}

export type LoginCount =
  { allowed: false; waitMs: number } | { allowed: true; pairLocked: boolean; clientLocked: boolean };

/**
 * Counts a log-in attempt against its pair and its client before the password is checked (throttle.ts says why);
 * refused when either is locked, and then counts against neither. When allowed, says which locks this attempt
 * reached, for the audit log's lock-out event should it fail.
 */
export async function countLoginAttempt(attempt: LoginAttemptKey, now = new Date()): Promise<LoginCount> {
  const client = await countAttempt(clientKey(attempt), CLIENT_POLICY, now);
  if (!client.allowed) return client;
  const pair = await countAttempt(pairKey(attempt), PAIR_POLICY, now);
  if (!pair.allowed) {
    await creditAttempt(clientKey(attempt), CLIENT_POLICY);
    return pair;
  }
  return { allowed: true, pairLocked: pair.lockedNow, clientLocked: client.lockedNow };
}

/** The right password: the pair is cleared, and the client gets this attempt back (it was no guess). */
export async function recordLoginSuccess(attempt: LoginAttemptKey): Promise<void> {
  await Promise.all([clearFailures(pairKey(attempt)), creditAttempt(clientKey(attempt), CLIENT_POLICY)]);
}

/** The right password for a disabled account: no guess, so both get the attempt back, and nothing is cleared. */
export async function creditLoginAttempt(attempt: LoginAttemptKey): Promise<void> {
  await Promise.all([creditAttempt(pairKey(attempt), PAIR_POLICY), creditAttempt(clientKey(attempt), CLIENT_POLICY)]);
}
