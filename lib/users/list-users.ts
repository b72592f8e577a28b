import "server-only";
import { ACTOR_FIELDS } from "@/lib/auth/actor-fields";
import { db } from "@/lib/db/client";

export function listUsers() {
  return db.user.findMany({
    orderBy: { email: "asc" },
    select: {
      ...ACTOR_FIELDS,
      lastLoginAt: true,
      // Live API keys: what a password reset would revoke (the confirmation names how many).
      _count: {
        select: {
          apiKeys: { where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] } },
        },
      },
    },
  });
}
