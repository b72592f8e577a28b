// Chunks left SUBMITTING by a worker that died mid-request: their messages become UNKNOWN, because the request may
// have reached the provider. They are never resent automatically (a later receipt settles them; an operator may
// resend them explicitly).
import "server-only";
import { pool } from "@/lib/db/pool";
import { ifWorkerGone, type WorkerIdentity } from "./worker-identity";

export const ORPHAN_ERROR = "The worker sending this message stopped while its request was in flight; outcome unknown.";

/** Returns how many messages were marked UNKNOWN. */
export async function recoverOrphans(self: WorkerIdentity): Promise<number> {
  const { rows: claims } = await pool().query<{ key: number }>(
    `SELECT DISTINCT "workerKey" AS key FROM "DispatchChunk" WHERE state = 'SUBMITTING' AND "workerKey" IS NOT NULL`,
  );
  let recovered = 0;
  for (const { key } of claims) {
    if (key === self.key) continue;
    await ifWorkerGone(self.session, key, async () => {
      const { rows } = await pool().query<{ n: string }>(
        `WITH orphans AS (
           UPDATE "DispatchChunk" SET state = 'DONE', "lastError" = $2
           WHERE state = 'SUBMITTING' AND "workerKey" = $1
           RETURNING "batchId", "firstMessageId", "lastMessageId"
         ),
         marked AS (
           UPDATE "Message" m SET state = 'UNKNOWN', "lastError" = $2, "updatedAt" = now()
           FROM orphans o
           WHERE m."batchId" = o."batchId" AND m.id BETWEEN o."firstMessageId" AND o."lastMessageId" AND m.state = 'PENDING'
           RETURNING m.id
         )
         SELECT count(*) AS n FROM marked`,
        [key, ORPHAN_ERROR],
      );
      recovered += Number(rows[0]?.n ?? 0);
    });
  }
  return recovered;
}
