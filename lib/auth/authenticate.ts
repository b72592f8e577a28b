// Checking a log-in: throttled per client and per (email, client) (login-throttle.ts), the attempt counted before its
// password is checked so that a parallel burst gets no more checks than the limit, and exactly one argon2
// verification whatever the email — an unknown email is checked against a dummy hash — so neither the answer nor its
// timing says whether an account exists. Every outcome is an audit event: a log-in, a failure (with the email typed
// and the client), and the failure that starts a lock-out; attempts refused while locked are not (the lock itself
// bounds what a sprayer can write to the log).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { countLoginAttempt, creditLoginAttempt, recordLoginSuccess } from "./login-throttle";
import { dummyPasswordHash, verifyPassword } from "./password";

export const WRONG_CREDENTIALS = "Wrong email or password.";

export type LoginAttempt = { email: string; password: string; clientAddress: string };
export type AuthenticatedUser = { id: string; email: string; name: string; sessionVersion: number };
/** The password check; a parameter so that tests can count verifications. */
export type PasswordCheck = (passwordHash: string, password: string) => Promise<boolean>;

/** A refused log-in; its message is shown to the person logging in. */
export class LoginRefused extends Error {
  override name = "LoginRefused";
}

export async function authenticate(
  attempt: LoginAttempt,
  check: PasswordCheck = verifyPassword,
  now = new Date(),
): Promise<AuthenticatedUser> {
  const counted = await countLoginAttempt(attempt, now);
  if (!counted.allowed)
    throw new LoginRefused(`Too many failed attempts. Try again in ${Math.ceil(counted.waitMs / 60_000)} minute(s).`);

  const user = await db.user.findUnique({ where: { email: attempt.email }, omit: { passwordHash: false } });
  const ok = await check(user?.passwordHash ?? (await dummyPasswordHash()), attempt.password);
  const seen = { email: attempt.email, client: attempt.clientAddress };
  if (!user || !ok) {
    const { pairLocked, clientLocked } = counted;
    await recordAudit({
      actorId: null,
      action: "auth.login_failure",
      targetType: "User",
      targetId: user?.id ?? null,
      detail: seen,
    });
    if (pairLocked || clientLocked)
      await recordAudit({
        actorId: null,
        action: "auth.lockout",
        targetType: "User",
        targetId: user?.id ?? null,
        detail: {
          ...seen,
          locked: [...(pairLocked ? ["email from this client"] : []), ...(clientLocked ? ["client"] : [])],
        },
      });
    throw new LoginRefused(WRONG_CREDENTIALS);
  }
  // Said only to someone who knows the password.
  if (user.disabledAt) {
    await creditLoginAttempt(attempt);
    await recordAudit({
      actorId: null,
      action: "auth.login_failure",
      targetType: "User",
      targetId: user.id,
      detail: { ...seen, reason: "disabled" },
    });
    throw new LoginRefused("This account is disabled. Ask an administrator.");
  }
  await recordLoginSuccess(attempt);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });
    await recordAudit(
      { actorId: user.id, action: "auth.login", targetType: "User", targetId: user.id, detail: seen },
      tx,
    );
  });
  return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}
