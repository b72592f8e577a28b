// Log-in throttling by client address and email together (OWASP credential-stuffing guidance). An email alone is
// never locked: anyone could then lock the administrator out by typing wrong passwords for their address. Instead:
// - one client guessing one account: 5 failures lock that (email, client) pair, so the right password still works
//   from anywhere else;
// - one client trying many accounts (credential stuffing): 20 failures, whatever the emails, lock that client.
// A success clears the pair only: a client cannot reset its stuffing count by logging in to an account it owns.
import "server-only";
import { throttleScope } from "@/lib/http/client-address";
import { clearFailures, lockedFor, recordFailure } from "./throttle";
import { CLIENT_POLICY, PAIR_POLICY } from "./throttle-policies";

export { CLIENT_POLICY, PAIR_POLICY };

export type LoginAttemptKey = { email: string; clientAddress: string };

// A client is its address, or its /64 for IPv6 (lib/http/client-address.ts throttleScope says why).
export const pairKey = ({ email, clientAddress }: LoginAttemptKey): string =>
  `email:${email}|client:${throttleScope(clientAddress)}`;
export const clientKey = ({ clientAddress }: LoginAttemptKey): string => `client:${throttleScope(clientAddress)}`;

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
