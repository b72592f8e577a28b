// Ending a user's sessions: every session token carries the user's session version from log-in, and a token with an
// older version is refused (lib/auth/session-validity.ts). Bumping it ends them all, on every device: there is no
// session table to end just one (JWT sessions), and "log out" meaning "log out everywhere" is the safe reading.
import "server-only";
import { db } from "@/lib/db/client";

/** `tx`: the client or a transaction of it. */
export async function endSessions(userId: string, tx: Pick<typeof db, "user"> = db): Promise<void> {
  await tx.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
