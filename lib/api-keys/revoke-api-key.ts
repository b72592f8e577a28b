// Revoking a key: effective at its next request (every request reads the key: lib/api-keys/authenticate-key.ts).
// A user revokes their own keys; by id from the console, by name from the command line.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export async function revokeApiKey(
  userId: string,
  which: { id: string } | { name: string },
  actorId: string,
): Promise<{ id: string; name: string }> {
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { userId, revokedAt: null, ...which },
      select: { id: true, name: true, prefix: true },
    });
    if (!key) throw new AppError("NOT_FOUND", "No such key (or it is already revoked).");
    await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await recordAudit(
      {
        actorId,
        action: "api_key.revoke",
        targetType: "ApiKey",
        targetId: key.id,
        detail: { name: key.name, prefix: key.prefix, userId },
      },
      tx,
    );
    return { id: key.id, name: key.name };
  });
}
