import "server-only";
import { db } from "@/lib/db/client";

export function listUsers() {
  return db.user.findMany({
    orderBy: { email: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      disabledAt: true,
      lastLoginAt: true,
      mustChangePassword: true,
      exportGranted: true,
      // Live API keys: what a password reset would revoke (the confirmation names how many).
      _count: {
        select: {
          apiKeys: { where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] } },
        },
      },
    },
  });
}
