// Logging out: every session of the user ends (lib/auth/end-sessions.ts says why all of them), and the log-out is
// an audit event, in the same transaction.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { endSessions } from "./end-sessions";

export async function logOut(userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await endSessions(userId, tx);
    await recordAudit({ actorId: userId, action: "auth.logout", targetType: "User", targetId: userId }, tx);
  });
}
