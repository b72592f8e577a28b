// Cancelling a batch: what was not yet submitted is cancelled with its messages; chunks in flight finish and are
// recorded as usual (their requests may already have reached the provider).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PoolClient } from "pg";
import { transaction } from "@/lib/db/transaction";
import { batchState, chunkState, messageState } from "@/lib/states/state-sql";
import { ACTIVE_BATCH_STATES } from "@/lib/states/states";

/** The number of recipients cancelled, or null when the batch had already finished. */
export async function cancelBatch(batchId: string, actorId: string | null): Promise<number | null> {
  return transaction(async (client) => {
    const count = await cancelIn(client, batchId, actorId);
    // Its escalation calls (docs/escalation.md) stop with it: those not placed are cancelled too.
    if (count !== null) {
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM "Batch" WHERE "escalatesBatchId" = $1`, [
        batchId,
      ]);
      if (rows[0]) await cancelIn(client, rows[0].id, actorId);
    }
    return count;
  });
}

async function cancelIn(client: PoolClient, batchId: string, actorId: string | null): Promise<number | null> {
  const { rowCount } = await client.query(
    `UPDATE "Batch" SET state = ${batchState("CANCELLED")}, "finishedAt" = now(), "updatedAt" = now()
       WHERE id = $1 AND state = ANY($2::"BatchState"[])`,
    [batchId, ACTIVE_BATCH_STATES],
  );
  if (rowCount !== 1) return null;
  const cancelled = await client.query(
    `WITH chunks AS (
         UPDATE "DispatchChunk" SET state = ${chunkState("CANCELLED")} WHERE "batchId" = $1 AND state = ${chunkState("PENDING")}
         RETURNING "firstMessageId", "lastMessageId"
       )
       , cancelled AS (
         UPDATE "Message" m SET state = ${messageState("CANCELLED")}, "updatedAt" = now()
         FROM chunks c
         WHERE m."batchId" = $1 AND m.id BETWEEN c."firstMessageId" AND c."lastMessageId" AND m.state = ${messageState("PENDING")}
         RETURNING m.phone
       )
       -- Never sent, so not sent "recently": the duplicate-send guard (duplicate-guard.ts) forgets them, or a later
       -- batch with the same text would leave out people who never got it.
       , forgotten AS (
         DELETE FROM "SentText" s USING cancelled c WHERE s."batchId" = $1 AND s.phone = c.phone
       )
       SELECT count(*)::int AS n FROM cancelled`,
    [batchId],
  );
  const count = (cancelled.rows[0] as { n: number } | undefined)?.n ?? 0;
  await recordAudit(
    { actorId, action: "batch.cancel", targetType: "Batch", targetId: batchId, detail: { cancelled: count } },
    client,
  );
  return count;
}
