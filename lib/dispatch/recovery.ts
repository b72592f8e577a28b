// Chunks left SUBMITTING by a worker that died mid-request (or whose answer this worker could not record): their
// messages become UNKNOWN, because the request may have reached the provider. They are never resent automatically (a later receipt settles them; an operator may
// resend them explicitly).
import "server-only";
import { chunkState, messageState } from "@/lib/states/state-sql";
import { pool } from "@/lib/db/pool";
import { ifWorkerGone, type WorkerIdentity } from "./worker-identity";

export const ORPHAN_ERROR = "The worker sending this message stopped while its request was in flight; outcome unknown.";

const ORPHAN_SQL = `WITH orphans AS (
     UPDATE "DispatchChunk" SET state = ${chunkState("DONE")}, "lastError" = $2
     WHERE state = ${chunkState("SUBMITTING")} AND "workerKey" = $1 AND NOT (id = ANY($3::bigint[]))
       AND "claimedAt" < now() - make_interval(secs => $4)
     RETURNING "batchId", "firstMessageId", "lastMessageId"
   ),
   marked AS (
     UPDATE "Message" m SET state = ${messageState("UNKNOWN")}, "lastError" = $2, "updatedAt" = now()
     FROM orphans o
     WHERE m."batchId" = o."batchId" AND m.id BETWEEN o."firstMessageId" AND o."lastMessageId" AND m.state = ${messageState("PENDING")}
     RETURNING m.id
   )
   SELECT count(*) AS n FROM marked`;

export const LOST_RECORD_ERROR = "Recording the provider's answer for this message failed; outcome unknown.";

/**
 * Returns how many messages were marked UNKNOWN: those of dead workers' chunks, and this worker's own chunks that
 * none of its lanes is handling any more (the answer could not be recorded, say because the database was briefly
 * unreachable) — without this they would stay SUBMITTING, and their batch unfinished, for as long as we live.
 */
export async function recoverOrphans(
  self: WorkerIdentity,
  ownInFlight: ReadonlySet<string> = new Set(),
): Promise<number> {
  // Own chunks only once they are 5 s old: a lane adds its chunk to `ownInFlight` just after claiming it.
  const own = await pool().query<{ n: string }>(ORPHAN_SQL, [self.key, LOST_RECORD_ERROR, [...ownInFlight], 5]);
  const { rows: claims } = await pool().query<{ key: number }>(
    `SELECT DISTINCT "workerKey" AS key FROM "DispatchChunk" WHERE state = ${chunkState("SUBMITTING")} AND "workerKey" IS NOT NULL`,
  );
  let recovered = Number(own.rows[0]?.n ?? 0);
  for (const { key } of claims) {
    if (key === self.key) continue;
    await ifWorkerGone(self.session, key, async () => {
      // Every chunk of a dead worker, whatever its age: none of them can still be in flight.
      const { rows } = await pool().query<{ n: string }>(ORPHAN_SQL, [key, ORPHAN_ERROR, [], 0]);
      recovered += Number(rows[0]?.n ?? 0);
    });
  }
  return recovered;
}
