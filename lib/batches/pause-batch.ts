// Pausing a batch: nothing new is sent; requests already in flight finish and are recorded as usual. One guarded
// UPDATE, so an operator and a worker pausing at once pause it once; audited in the same transaction.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { batchState } from "./state-sql";
import { PAUSABLE_BATCH_STATES } from "./states";

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
    return true;
  });
}
