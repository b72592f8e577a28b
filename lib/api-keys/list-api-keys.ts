// A user's keys as the API keys page shows them: never the hash, live keys first. An administrator sees every user's
// (owner null), with whose each is, so that a key can be revoked whoever made it (docs/design.md §3); bounded to the
// latest ADMIN_LIST_LIMIT.
import "server-only";
import { db } from "@/lib/db/client";
import { liveKeysWhere } from "./revoke-user-keys";

export const ADMIN_LIST_LIMIT = 500;

export async function listApiKeys(owner: string | null) {
  return db.apiKey.findMany({
    where: owner ? { userId: owner } : {},
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    ...(owner ? {} : { take: ADMIN_LIST_LIMIT }),
    select: {
      id: true,
      name: true,
      prefix: true,
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { id: true, email: true } },
    },
  });
}

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** How many keys a recovery step would revoke (the confirmation says it first). */
export const countLiveKeys = (userId: string): Promise<number> => db.apiKey.count({ where: liveKeysWhere(userId) });
