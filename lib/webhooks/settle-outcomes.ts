// batch.completed: a sent (COMPLETED) batch's outcomes are all known — no message is still waiting for its receipt —
// or the no-receipt age (NO_RECEIPT_AFTER_HOURS, lib/batches/no-receipt.ts) has passed since its last message was
// handed over; and no call of its escalation is still due, nor its calls' batch still unsettled. Then each message still without a receipt raises
// message.unknown (reason no_receipt) first. Setting
// Batch.outcomesKnownAt is what raises batch.completed (the trigger of migration api_events), in the same statement,
// so it is never written before the batch's outcomes, and the deliverer posts it after them (deliver.ts). Run by the
// worker every second (lib/dispatch/chores/settle-batch-outcomes.ts): the partial index holds only the batches
// waiting, and the counters say whether one is done, so a look reads no message.
import "server-only";
import { batchState, messageState } from "@/lib/states/state-sql";
import { NO_RECEIPT_STATE } from "@/lib/states/states";
import { pool } from "@/lib/db/pool";
import { DUE_NOW } from "./outbox-sql";

/** Batches settled per statement. */
export const SETTLE_LOT = 100;

export async function settleBatchOutcomes(noReceiptHours: number, lot = SETTLE_LOT): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `WITH due AS (
       SELECT b.id, b."finishedAt" < now() - make_interval(hours => $1) AS aged FROM "Batch" b
       WHERE b.state = ${batchState("COMPLETED")} AND b."outcomesKnownAt" IS NULL
         AND (b."queuedCount" + b."pendingCount" = 0 OR b."finishedAt" < now() - make_interval(hours => $1))
         -- An SMS batch whose calls are still due may still raise message.escalated (docs/escalation.md).
         AND NOT EXISTS (SELECT 1 FROM "DispatchChunk" c WHERE c."batchId" = b.id AND c."escalateAt" IS NOT NULL)
         -- …or message.call_answered / call_unanswered: its calls' batch settles first (unless it was cancelled or
         -- failed, when no call outcome is coming), so batch.completed stays the SMS batch's last event.
         AND NOT EXISTS (SELECT 1 FROM "Batch" k WHERE k."escalatesBatchId" = b.id AND k."outcomesKnownAt" IS NULL
                           AND k.state NOT IN (${batchState("CANCELLED")}, ${batchState("FAILED")}))
       ORDER BY b."finishedAt" LIMIT $2 FOR UPDATE OF b SKIP LOCKED
     ),
     no_receipt AS (
       INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
       SELECT e.id, 'message.unknown', 'msg_m' || m.id || '_no_receipt', tuma_message_payload('message.unknown', m, 'no_receipt'),
         ${DUE_NOW}, m."batchId"
       FROM due d JOIN "Message" m ON m."batchId" = d.id AND m.state = ${messageState(NO_RECEIPT_STATE)}
       JOIN "WebhookEndpoint" e ON e.enabled AND 'message.unknown' = ANY(e.events)
       WHERE d.aged
       ORDER BY m.id, e.id
     )
     UPDATE "Batch" b SET "outcomesKnownAt" = now() FROM due WHERE b.id = due.id RETURNING b.id`,
    [noReceiptHours, lot],
  );
  return rows.map((row) => row.id);
}
