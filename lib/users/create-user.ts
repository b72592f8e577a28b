// An administrator adds a user with a role. The user gets a one-time password, shown once to the administrator to
// hand over, and must choose their own at first log-in.
import "server-only";
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/error-shape";
import type { newUserSchema } from "./user-schemas";

export async function createUser(
  input: z.output<typeof newUserSchema>,
  actorId: string,
): Promise<{ id: string; password: string }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { ...input, passwordHash, mustChangePassword: true },
        select: { id: true },
      });
      await recordAudit(
        {
          actorId,
          action: "user.create",
          targetType: "User",
          targetId: user.id,
          detail: { email: input.email, role: input.role },
        },
        tx,
      );
      return { id: user.id, password };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", "A user with that email already exists.", { email: ["Already used."] });
    throw error;
  }
}
