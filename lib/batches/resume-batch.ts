// PAUSED → SENDING; a scheduled batch whose time has not come goes back to waiting for it (with a new start job).
import "server-only";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { batchState } from "@/lib/states/state-sql";
import { enqueueBatchStart } from "@/lib/jobs/queue";
import { notifyBatchReady } from "@/lib/jobs/batch-ready";
import { ESCALATION_PAUSED } from "./pause-batch";

export async function resumeBatch(batchId: string, actorId: string | null): Promise<boolean> {
  return transaction((client) => resumeBatchIn(client, batchId, actorId));
}

/** The same, inside a caller's transaction (a units top-up resumes the batches the provider's 402 paused). */
export async function resumeBatchIn(client: pg.PoolClient, batchId: string, actorId: string | null): Promise<boolean> {
  const { rows } = await client.query<{ state: string; scheduledAt: Date | null }>(
    `UPDATE "Batch" SET
         state = CASE WHEN "scheduledAt" > now() THEN ${batchState("SCHEDULED")} ELSE ${batchState("SENDING")} END,
         "pauseReason" = NULL,
         "startedAt" = CASE WHEN "scheduledAt" > now() THEN "startedAt" ELSE COALESCE("startedAt", now()) END,
         "updatedAt" = now()
       WHERE id = $1 AND state = ${batchState("PAUSED")}
       RETURNING state, "scheduledAt"`,
    [batchId],
  );
  const row = rows[0];
  if (!row) return false;
  if (row.state === "SCHEDULED") await enqueueBatchStart(client, batchId, row.scheduledAt);
  else await notifyBatchReady(client, batchId);
  await recordAudit({ actorId, action: "batch.resume", targetType: "Batch", targetId: batchId }, client);
  // Its escalation calls (docs/escalation.md) go on with it, if they were paused with it.
  const child = await client.query<{ id: string }>(
    `UPDATE "Batch" SET state = ${batchState("SENDING")}, "pauseReason" = NULL, "updatedAt" = now()
     WHERE "escalatesBatchId" = $1 AND state = ${batchState("PAUSED")} AND "pauseReason" = $2 RETURNING id`,
    [batchId, ESCALATION_PAUSED],
  );
  for (const { id } of child.rows)
    await recordAudit({ actorId, action: "batch.resume", targetType: "Batch", targetId: id }, client);
  return true;
}
