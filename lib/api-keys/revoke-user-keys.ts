// Every live key of one user revoked at once, inside the caller's transaction: the recovery steps — an administrator's
// password reset, "log out everywhere" — end the user's keys with their sessions (docs/design.md §3), each key's
// revocation an audit event saying why.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Prisma } from "@/lib/generated/prisma/client";

/** What ended the keys, kept in each revocation's audit detail. */
export type RevokeReason = "password reset" | "log out everywhere";

/** The live (not revoked, not expired) keys of a user: what a recovery step would revoke. */
export const liveKeysWhere = (userId: string, now = new Date()) => ({
  userId,
  revokedAt: null,
  OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
});

/** Revokes them; returns how many. `actorId`: who took the step. */
export async function revokeUserKeys(
  tx: Prisma.TransactionClient,
  userId: string,
  actorId: string,
  reason: RevokeReason,
): Promise<number> {
  const keys = await tx.apiKey.findMany({
    where: liveKeysWhere(userId),
    select: { id: true, name: true, prefix: true },
  });
  if (keys.length === 0) return 0;
  await tx.apiKey.updateMany({ where: { id: { in: keys.map((key) => key.id) } }, data: { revokedAt: new Date() } });
  for (const key of keys)
    await recordAudit(
      {
        actorId,
        action: "api_key.revoke",
        targetType: "ApiKey",
        targetId: key.id,
        detail: { name: key.name, prefix: key.prefix, userId, reason },
      },
      tx,
    );
  return keys.length;
}
