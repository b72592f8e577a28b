// Re-authentication inside a session: the current password, asked again before a password change and before an API
// key is made (docs/design.md §3). Whoever holds a session — a borrowed laptop, a stolen cookie — could otherwise
// guess the account's password there without limit, so it is throttled like a log-in (password-check-throttle.ts,
// counted before the check), and every wrong one is an audit event saying what it was for.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { verifyPassword } from "./password";
import { clearPasswordCheckFailures, countPasswordCheck } from "./password-check-throttle";
import type { PasswordCheck } from "./authenticate";

/** What the password was asked for; kept in the failure's audit detail (absent: a password change). */
export type PasswordCheckPurpose = "password change" | "API key";

/**
 * Throws INVALID_INPUT (on the field `field`) when the password is wrong or the user is locked; clears the user's
 * counter when it is right. `check` is a parameter so that tests can count verifications.
 */
export async function checkCurrentPassword(
  userId: string,
  password: string,
  options: { purpose?: PasswordCheckPurpose; field?: string; check?: PasswordCheck } = {},
): Promise<void> {
  const { purpose = "password change", field = "current", check = verifyPassword } = options;
  const counted = await countPasswordCheck(userId);
  if (!counted.allowed) {
    const message = `Too many wrong passwords. Try again in ${Math.ceil(counted.waitMs / 60_000)} minute(s).`;
    throw new AppError("INVALID_INPUT", message, { [field]: [message] });
  }
  const user = await db.user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user || !(await check(user.passwordHash, password))) {
    await recordAudit({
      actorId: userId,
      action: "user.password_change_failure",
      targetType: "User",
      targetId: userId,
      detail: {
        reason: "wrong current password",
        ...(purpose === "password change" ? {} : { purpose }),
        ...(counted.lockedNow ? { locked: true } : {}),
      },
    });
    throw new AppError("INVALID_INPUT", "The current password is wrong.", { [field]: ["Wrong password."] });
  }
  await clearPasswordCheckFailures(userId);
}
