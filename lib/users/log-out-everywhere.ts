// "Log out everywhere": every session of the user ends and every live API key of theirs is revoked, with one audit
// event, in one transaction. Here rather than in lib/auth (which lib/api-keys uses for its Actor) because it needs both.
import "server-only";
import { revokeUserKeys } from "@/lib/api-keys/revoke-user-keys";
import { recordAudit } from "@/lib/audit/record-audit";
import { endSessions } from "@/lib/auth/end-sessions";
import { db } from "@/lib/db/client";

/**
 * "Log out everywhere" on the Account page: besides every session, every live API key of the user is revoked (a
 * recovery step after a lost laptop or a leaked key; docs/design.md §3). The plain log-out leaves keys alone: keys are
 * for systems that keep running while their owner logs out at the end of the day. Returns how many keys were revoked.
 */
export async function logOutEverywhere(userId: string): Promise<number> {
  return db.$transaction(async (tx) => {
    await endSessions(userId, tx);
    const keysRevoked = await revokeUserKeys(tx, userId, userId, "log out everywhere");
    await recordAudit(
      {
        actorId: userId,
        action: "auth.logout",
        targetType: "User",
        targetId: userId,
        detail: { everywhere: true, keysRevoked },
      },
      tx,
    );
    return keysRevoked;
  });
}
