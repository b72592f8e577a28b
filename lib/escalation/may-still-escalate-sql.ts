// A child voice batch (docs/escalation.md) is not finished while its SMS batch may still hand it calls: the parent is
// still active (sending, paused, …), or has chunks whose deadline the escalation chore has not looked at yet
// (DispatchChunk.escalateAt; a cancelled parent's are cleared by the chore without calls). `b` is the batch; false
// for every batch that escalates nothing.
import { batchStates } from "@/lib/states/state-sql";
import { ACTIVE_BATCH_STATES } from "@/lib/states/states";

export function mayStillEscalateSql(b: string): string {
  return `EXISTS (
    SELECT 1 FROM "Batch" parent WHERE parent.id = ${b}."escalatesBatchId"
      AND (parent.state IN ${batchStates(ACTIVE_BATCH_STATES)}
        OR EXISTS (SELECT 1 FROM "DispatchChunk" pc WHERE pc."batchId" = parent.id AND pc."escalateAt" IS NOT NULL)))`;
}
