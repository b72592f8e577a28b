// Messages left SUBMITTING by a worker that died mid-request become UNKNOWN: the request may have reached the
// provider, so they are never resent automatically (a later receipt settles them; an operator may resend).
import "server-only";
import { pool } from "@/lib/db/pool";
import { ifWorkerGone, type WorkerIdentity } from "./worker-identity";

export const ORPHAN_ERROR = "The worker sending this message stopped while the request was in flight; outcome unknown.";

/** Returns how many messages were marked UNKNOWN. */
export async function recoverOrphans(self: WorkerIdentity): Promise<number> {
  const { rows: claims } = await pool().query<{ key: number }>(
    `SELECT DISTINCT m."claimedBy" AS key FROM "Batch" b
     JOIN "Message" m ON m."batchId" = b.id AND m.state = 'SUBMITTING'
     WHERE b."submittingCount" > 0 AND m."claimedBy" IS NOT NULL`,
  );
  let recovered = 0;
  for (const { key } of claims) {
    if (key === self.key) continue;
    await ifWorkerGone(self.session, key, async () => {
      const { rowCount } = await pool().query(
        `UPDATE "Message" SET state = 'UNKNOWN', "lastError" = $2, "claimedBy" = NULL, "updatedAt" = now()
         WHERE state = 'SUBMITTING' AND "claimedBy" = $1`,
        [key, ORPHAN_ERROR],
      );
      recovered += rowCount ?? 0;
    });
  }
  return recovered;
}
