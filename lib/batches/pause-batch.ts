// Pausing a batch: nothing new is sent; requests already in flight finish and are recorded as usual. One guarded
// UPDATE, so an operator and a worker pausing at once pause it once; audited in the same transaction.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { batchState } from "@/lib/states/state-sql";
import { PAUSABLE_BATCH_STATES } from "@/lib/states/states";

/** Why a child voice batch paused by itself: its SMS batch was paused. */
export const ESCALATION_PAUSED = "Paused with the SMS batch it calls for: resume that batch to go on.";

/** False when the batch is not in a state that can be paused. `actorId` null: the worker paused it. */
export async function pauseBatch(batchId: string, reason: string | null, actorId: string | null): Promise<boolean> {
  // The pause and its audit event commit together: no pause without its event, no event for a pause that failed.
  return transaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "Batch" SET state = ${batchState("PAUSED")}, "pauseReason" = $2, "updatedAt" = now()
       WHERE id = $1 AND state = ANY($3::"BatchState"[])`,
      [batchId, reason, PAUSABLE_BATCH_STATES],
    );
    if (rowCount !== 1) return false;
    await recordAudit(
      { actorId, action: "batch.pause", targetType: "Batch", targetId: batchId, detail: { reason } },
      client,
    );
    // Its escalation calls (docs/escalation.md) pause with it, and say why.
    const child = await client.query<{ id: string }>(
      `UPDATE "Batch" SET state = ${batchState("PAUSED")}, "pauseReason" = $2, "updatedAt" = now()
       WHERE "escalatesBatchId" = $1 AND state = ANY($3::"BatchState"[]) RETURNING id`,
      [batchId, ESCALATION_PAUSED, PAUSABLE_BATCH_STATES],
    );
    for (const { id } of child.rows)
      await recordAudit(
        { actorId, action: "batch.pause", targetType: "Batch", targetId: id, detail: { reason: ESCALATION_PAUSED } },
        client,
      );
    return true;
  });
}
