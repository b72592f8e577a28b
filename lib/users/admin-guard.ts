// The console must always keep one active administrator: a change that would disable or demote the last one is
// refused. The active admins' rows are locked first, so two admins demoting each other at once cannot both pass.
import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";

export async function assertAnotherActiveAdmin(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM "User" WHERE role = 'ADMIN' AND "disabledAt" IS NULL ORDER BY id FOR UPDATE`;
  if (admins.some((admin) => admin.id === userId) && admins.length <= 1) {
    throw new AppError("CONFLICT", "This is the last active administrator: make another user an administrator first.");
  }
}
