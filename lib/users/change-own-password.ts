// A user changes their own password: the current one is checked, the new one stored, and every session ended
// (including this one: with session tokens that carry a version there is no ending only the others).
import "server-only";
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { changePasswordSchema } from "./user-schemas";

export async function changeOwnPassword(userId: string, input: z.output<typeof changePasswordSchema>): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user || !(await verifyPassword(user.passwordHash, input.current))) {
    throw new AppError("INVALID_INPUT", "The current password is wrong.", { current: ["Wrong password."] });
  }
  const passwordHash = await hashPassword(input.next);
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    await recordAudit({ actorId: userId, action: "user.password_change", targetType: "User", targetId: userId }, tx);
  });
}
