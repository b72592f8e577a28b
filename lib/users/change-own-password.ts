// A user changes their own password: the current one is checked (throttled like a log-in; every wrong one is an
// audit event), the new one stored, and every session ended (including this one: with session tokens that carry a
// version there is no ending only the others).
import "server-only";
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import {
  clearPasswordCheckFailures,
  passwordCheckWaitMs,
  recordPasswordCheckFailure,
} from "@/lib/auth/password-check-throttle";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { changePasswordSchema } from "./user-schemas";

export async function changeOwnPassword(userId: string, input: z.output<typeof changePasswordSchema>): Promise<void> {
  const wait = await passwordCheckWaitMs(userId);
  if (wait > 0) {
    const message = `Too many wrong passwords. Try again in ${Math.ceil(wait / 60_000)} minute(s).`;
    throw new AppError("INVALID_INPUT", message, { current: [message] });
  }
  const user = await db.user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user || !(await verifyPassword(user.passwordHash, input.current))) {
    const { lockedNow } = await recordPasswordCheckFailure(userId);
    await recordAudit({
      actorId: userId,
      action: "user.password_change_failure",
      targetType: "User",
      targetId: userId,
      detail: { reason: "wrong current password", ...(lockedNow ? { locked: true } : {}) },
    });
    throw new AppError("INVALID_INPUT", "The current password is wrong.", { current: ["Wrong password."] });
  }
  await clearPasswordCheckFailures(userId);
  const passwordHash = await hashPassword(input.next);
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    await recordAudit({ actorId: userId, action: "user.password_change", targetType: "User", targetId: userId }, tx);
  });
}
