// The worker's batch transitions. Each is one guarded UPDATE, so several workers cannot apply the same transition
// twice. (An operator's transitions — pause, resume, cancel — live in lib/batches.)
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { batchState, chunkStates } from "@/lib/states/state-sql";
import { OPEN_CHUNK_STATES, STARTABLE_BATCH_STATES } from "@/lib/states/states";
import { mayStillEscalateSql } from "@/lib/escalation/may-still-escalate-sql";

/** Job handler: QUEUED/SCHEDULED → SENDING. False when the batch was already started, paused or cancelled. */
export async function activateBatch(batchId: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE "Batch" SET state = ${batchState("SENDING")}, "startedAt" = COALESCE("startedAt", now()), "updatedAt" = now()
     WHERE id = $1 AND state = ANY($2::"BatchState"[])`,
    [batchId, STARTABLE_BATCH_STATES],
  );
  return rowCount === 1;
}

/** SENDING batches, wholly stored, with no chunk left to send or in flight become COMPLETED. */
export async function completeFinishedBatches(batchIds?: string[]): Promise<string[]> {
  // Its batch.sent webhook deliveries are written by the trigger on Batch (migration api_events, docs/webhooks.md).
  const { rows } = await pool().query<{ id: string }>(
    `WITH done AS (
     UPDATE "Batch" b SET state = ${batchState("COMPLETED")}, "finishedAt" = now(), "updatedAt" = now()
     WHERE b.state = ${batchState("SENDING")} AND NOT b.storing
       AND ($1::uuid[] IS NULL OR b.id = ANY($1::uuid[]))
       AND NOT EXISTS (SELECT 1 FROM "DispatchChunk" c WHERE c."batchId" = b.id AND c.state IN ${chunkStates(OPEN_CHUNK_STATES)})
       AND NOT ${mayStillEscalateSql("b")}
     RETURNING b.id
     )
     SELECT id FROM done`,
    [batchIds ?? null],
  );
  return rows.map((row) => row.id);
}

/** Pauses every sending batch of an account (after a 401: its token is wrong for all of them), each audited. */
export async function pauseAccountBatches(accountId: string, reason: string): Promise<number> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `UPDATE "Batch" SET state = ${batchState("PAUSED")}, "pauseReason" = $2, "updatedAt" = now()
       WHERE "accountId" = $1 AND state = ${batchState("SENDING")} RETURNING id`,
      [accountId, reason],
    );
    for (const { id } of rows)
      await recordAudit(
        { actorId: null, action: "batch.pause", targetType: "Batch", targetId: id, detail: { reason } },
        client,
      );
    return rows.length;
  });
}
