// A user changes their own password: the current one is checked (lib/auth/check-current-password.ts: throttled like
// a log-in, every wrong one an audit event), the new one stored, and every session ended (including this one: with
// session tokens that carry a version there is no ending only the others).
import "server-only";
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { checkCurrentPassword } from "@/lib/auth/check-current-password";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import type { changePasswordSchema } from "./user-schemas";

export async function changeOwnPassword(userId: string, input: z.output<typeof changePasswordSchema>): Promise<void> {
  await checkCurrentPassword(userId, input.current);
  const passwordHash = await hashPassword(input.next);
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    await recordAudit({ actorId: userId, action: "user.password_change", targetType: "User", targetId: userId }, tx);
  });
}
