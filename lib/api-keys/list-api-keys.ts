// A user's keys as the API keys page shows them: never the hash, live keys first.
import "server-only";
import { db } from "@/lib/db/client";

export async function listApiKeys(userId: string) {
  return db.apiKey.findMany({
    where: { userId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: {
      id: true,
      name: true,
      prefix: true,
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      revokedAt: true,
    },
  });
}

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];
