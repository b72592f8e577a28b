// An administrator allows a viewer to export recipients, or takes it back (issue 35: exporting patients' details is a
// permission of its own; lib/auth/permissions.ts canExport). Admins and operators have it by their role, so only a
// viewer's grant is stored; a role change keeps the grant for when the user is a viewer again. Audited.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export async function setExportGrant(userId: string, granted: boolean, actorId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true, exportGranted: true } });
    if (!user) throw new AppError("NOT_FOUND", "No such user.");
    if (user.role !== "VIEWER")
      throw new AppError(
        "INVALID_INPUT",
        `An ${user.role === "ADMIN" ? "administrator" : "operator"} may export by their role: only a viewer's export is granted.`,
      );
    if (user.exportGranted === granted) return;
    await tx.user.update({ where: { id: userId }, data: { exportGranted: granted } });
    await recordAudit(
      {
        actorId,
        action: granted ? "user.export_grant" : "user.export_revoke",
        targetType: "User",
        targetId: userId,
      },
      tx,
    );
  });
}
