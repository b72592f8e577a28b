// A batch whose creator died while storing its recipients (the advisory lock it held is gone) is failed, not left
// half-stored for ever: what was stored and not yet sent is cancelled, and the operator reads why.
import "server-only";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { pool } from "@/lib/db/pool";
import { batchState, chunkState, messageState } from "@/lib/states/state-sql";
import type { WorkerIdentity } from "./worker-identity";

export async function failInterruptedStoring(self: WorkerIdentity): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM "Batch" WHERE storing`);
  const failed: string[] = [];
  for (const { id } of rows) {
    const { rows: lock } = await self.session.query<{ ok: boolean }>(
      "SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok",
      [ADVISORY_LOCKS.STORING_BATCH, id],
    );
    if (!lock[0]?.ok) continue; // its creator is still storing
    try {
      const { rows: outcome } = await pool().query<{ failed: boolean }>(
        `WITH stored AS (SELECT count(*) AS n FROM "Message" WHERE "batchId" = $1),
         failed AS (
           UPDATE "Batch" b SET storing = false, state = ${batchState("FAILED")}, "finishedAt" = now(), "updatedAt" = now(),
             error = 'Storing the recipients was interrupted (the process stopped) after ' || (SELECT n FROM stored) || ' of ' ||
                     b."recipientCount" || '. The rest were never stored and nothing more will be sent; create a batch for them again.'
           WHERE b.id = $1 AND b.storing
           RETURNING b.id
         ),
         chunks AS (
           UPDATE "DispatchChunk" SET state = ${chunkState("CANCELLED")} WHERE "batchId" = $1 AND state = ${chunkState("PENDING")} AND EXISTS (SELECT 1 FROM failed)
         ),
         cancelled AS (
           UPDATE "Message" SET state = ${messageState("CANCELLED")}, "updatedAt" = now()
           WHERE "batchId" = $1 AND state = ${messageState("PENDING")} AND EXISTS (SELECT 1 FROM failed)
             AND NOT EXISTS (SELECT 1 FROM "DispatchChunk" c WHERE c."batchId" = $1 AND c.state = ${chunkState("SUBMITTING")}
                             AND "Message".id BETWEEN c."firstMessageId" AND c."lastMessageId")
         )
         SELECT EXISTS (SELECT 1 FROM failed) AS failed`,
        [id],
      );
      // Its creator may have finished between our look and the lock: then there is nothing to fail.
      if (outcome[0]?.failed) failed.push(id);
    } finally {
      await self.session.query("SELECT pg_advisory_unlock($1, hashtext($2))", [ADVISORY_LOCKS.STORING_BATCH, id]);
    }
  }
  return failed;
}
