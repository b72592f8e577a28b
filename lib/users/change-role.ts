// An administrator changes a user's role; the last active administrator cannot be demoted. Takes effect on the
// user's next request (every request re-reads the user).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Role } from "@/lib/generated/prisma/enums";
import { assertAnotherActiveAdmin } from "./admin-guard";

export async function changeRole(userId: string, role: Role, actorId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    if (role !== "ADMIN") await assertAnotherActiveAdmin(tx, userId);
    const before = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (!before) throw new AppError("NOT_FOUND", "No such user.");
    if (before.role === role) return;
    await tx.user.update({ where: { id: userId }, data: { role } });
    await recordAudit(
      {
        actorId,
        action: "user.update",
        targetType: "User",
        targetId: userId,
        detail: { role: { from: before.role, to: role } },
      },
      tx,
    );
  });
}
