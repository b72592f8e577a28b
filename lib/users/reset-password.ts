// An administrator resets a user's password: a new one-time password (shown once), every session of the user ended,
// every live API key of theirs revoked (a key must not outlive the recovery step: docs/design.md §3), and a new
// password to choose at the next log-in.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { revokeUserKeys } from "@/lib/api-keys/revoke-user-keys";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export async function resetPassword(
  userId: string,
  actorId: string,
): Promise<{ password: string; keysRevoked: number }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const keysRevoked = await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId },
      data: { passwordHash, mustChangePassword: true, sessionVersion: { increment: 1 } },
    });
    if (count === 0) throw new AppError("NOT_FOUND", "No such user.");
    await recordAudit({ actorId, action: "user.password_reset", targetType: "User", targetId: userId }, tx);
    return revokeUserKeys(tx, userId, actorId, "password reset");
  });
  return { password, keysRevoked };
}
