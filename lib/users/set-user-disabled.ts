// Disabling (or re-enabling) a user; the last active administrator cannot be disabled. Disabling ends their sessions too: a disabled user is refused at once anyway,
// but without the bump a token saved before disabling would work again once the user is re-enabled. Audited.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { assertAnotherActiveAdmin } from "./admin-guard";
import { endSessions } from "@/lib/auth/end-sessions";

export async function setUserDisabled(userId: string, disabled: boolean, actorId: string): Promise<void> {
  if (disabled && userId === actorId) throw new AppError("INVALID_INPUT", "You cannot disable your own account.");
  await db.$transaction(async (tx) => {
    if (disabled) await assertAnotherActiveAdmin(tx, userId);
    const { count } = await tx.user.updateMany({
      where: { id: userId },
      data: { disabledAt: disabled ? new Date() : null },
    });
    if (count === 0) throw new AppError("NOT_FOUND", "No such user.");
    if (disabled) await endSessions(userId, tx);
    await recordAudit(
      { actorId, action: disabled ? "user.disable" : "user.enable", targetType: "User", targetId: userId },
      tx,
    );
  });
}
