// Whether a session token still stands. next-auth re-issues the token on every session read (its expiry slides), so
// the lifetime is counted here from the log-in time it carries: a session ends SESSION_MAX_AGE_HOURS after log-in,
// however active. And a token minted before the user's last log-out or disabling (an older session version) is dead
// even if a copy of the cookie survives.

export type SessionClaims = { sessionVersion: number; authenticatedAt: number };
export type SessionOwner = { sessionVersion: number; disabledAt: Date | null };

export function sessionExpiresAt(claims: Pick<SessionClaims, "authenticatedAt">, maxAgeSeconds: number): Date {
  return new Date((claims.authenticatedAt + maxAgeSeconds) * 1000);
}

export function sessionIsCurrent(
  claims: SessionClaims,
  owner: SessionOwner,
  maxAgeSeconds: number,
  now = new Date(),
): boolean {
  if (owner.disabledAt) return false;
  if (claims.sessionVersion !== owner.sessionVersion) return false;
  return now.getTime() < sessionExpiresAt(claims, maxAgeSeconds).getTime();
}
