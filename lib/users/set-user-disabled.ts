// Disabling (or re-enabling) a user. Disabling ends their sessions too: a disabled user is refused at once anyway,
// but without the bump a token saved before disabling would work again once the user is re-enabled. Audited.
import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { endSessions } from "./end-sessions";

export async function setUserDisabled(userId: string, disabled: boolean, actorId: string): Promise<void> {
  if (disabled && userId === actorId) throw new AppError("INVALID_INPUT", "You cannot disable your own account.");
  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: userId }, data: { disabledAt: disabled ? new Date() : null } });
    if (count === 0) throw new AppError("NOT_FOUND", "No such user.");
    if (disabled) await endSessions(userId, tx);
    await tx.auditEvent.create({
      data: { actorId, action: disabled ? "user.disable" : "user.enable", targetType: "User", targetId: userId },
    });
  });
}
