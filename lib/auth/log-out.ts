// Logging out: every session of the user ends (lib/auth/end-sessions.ts says why all of them), and the log-out is
// an audit event, in the same transaction.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { revokeUserKeys } from "@/lib/api-keys/revoke-user-keys";
import { db } from "@/lib/db/client";
import { endSessions } from "./end-sessions";

export async function logOut(userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await endSessions(userId, tx);
    await recordAudit({ actorId: userId, action: "auth.logout", targetType: "User", targetId: userId }, tx);
  });
}

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
