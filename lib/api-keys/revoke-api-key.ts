// Revoking a key: effective at its next request (every request reads the key: lib/api-keys/authenticate-key.ts).
// A user revokes their own keys, by id from the console and by name from the command line; an administrator revokes
// anyone's by id (owner null: the caller has checked the role). Every revocation is an audit event.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export async function revokeApiKey(
  owner: string | null,
  which: { id: string } | { name: string },
  actorId: string,
): Promise<{ id: string; name: string }> {
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { ...(owner ? { userId: owner } : {}), revokedAt: null, ...which },
      select: { id: true, name: true, prefix: true, userId: true },
    });
    if (!key) throw new AppError("NOT_FOUND", "No such key (or it is already revoked).");
    // Conditional, so that two revocations at once write one audit event.
    const { count } = await tx.apiKey.updateMany({
      where: { id: key.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw new AppError("NOT_FOUND", "No such key (or it is already revoked).");
    await recordAudit(
      {
        actorId,
        action: "api_key.revoke",
        targetType: "ApiKey",
        targetId: key.id,
        detail: { name: key.name, prefix: key.prefix, userId: key.userId },
      },
      tx,
    );
    return { id: key.id, name: key.name };
  });
}
