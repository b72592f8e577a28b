// What a resend would do, for the confirmation: how many of each kind would be sent — outcome unknown, failed for a
// temporary reason (by class), failed for a permanent reason (by class), no receipt past the age — how many were
// already resent (and in which batches), and how many are opted out and why (by hand or a file, or a carrier
// blacklist): those are never resent, nor whoever answered the escalation's call (issue 35: reached by call, counted
// apart so the confirmation says so). Read on demand (one pass over the batch), never polled.
import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { FAILURE_CLASSES, isFailureClass, type FailureClass } from "@/lib/receipts/failure-classes";
import { noReceiptSql } from "./no-receipt";
import { messageState, messageStates } from "@/lib/states/state-sql";
import { RESENDABLE_STATES } from "@/lib/states/states";

export type ResendPreview = {
  unknown: number;
  /** Failed recipients that could be resent, by failure class. */
  failed: Record<FailureClass, number>;
  noReceipt: number;
  /** Left out whatever is chosen: opted out by an operator or a file, and by a carrier blacklist. */
  optedOut: { operator: number; carrier: number };
  alreadyResent: number;
  /** Left out whatever is chosen: their SMS failed or got no receipt, but they answered the escalation's call. */
  answeredCall: number;
  children: { id: string; name: string; recipientCount: number; state: string }[];
};

export async function resendPreview(batchId: string): Promise<ResendPreview> {
  const [counts, failed, children] = await Promise.all([
    pool().query<{
      unknown: number;
      no_receipt: number;
      opted_out: number;
      carrier: number;
      already: number;
      answered_call: number;
    }>(
      `WITH m AS (
         SELECT m.state, m."resentToBatchId" IS NOT NULL AS resent, ${noReceiptSql("m", 2)} AS no_receipt, o.source,
                m."callState" IS NOT DISTINCT FROM ${messageState("ANSWERED")} AS answered
         FROM "Message" m LEFT JOIN "OptOut" o ON o.phone = m.phone WHERE m."batchId" = $1
       )
       SELECT count(*) FILTER (WHERE state = ${messageState("UNKNOWN")} AND NOT resent AND source IS NULL AND NOT answered)::int AS unknown,
              count(*) FILTER (WHERE no_receipt AND NOT resent AND source IS NULL AND NOT answered)::int AS no_receipt,
              count(*) FILTER (WHERE (state IN ${messageStates(RESENDABLE_STATES)} OR no_receipt) AND NOT resent AND source IS NOT NULL)::int AS opted_out,
              count(*) FILTER (WHERE (state IN ${messageStates(RESENDABLE_STATES)} OR no_receipt) AND NOT resent AND source = 'carrier')::int AS carrier,
              count(*) FILTER (WHERE resent)::int AS already,
              count(*) FILTER (WHERE (state IN ${messageStates(RESENDABLE_STATES)} OR no_receipt) AND NOT resent AND source IS NULL AND answered)::int AS answered_call
       FROM m`,
      [batchId, env().NO_RECEIPT_AFTER_HOURS],
    ),
    // Failed messages are uncommon: their rows (MessageRareState) lead to them without a pass over the batch.
    pool().query<{ class: string | null; n: number }>(
      `SELECT m."failureClass" AS class, count(*)::int AS n
       FROM "MessageRareState" r JOIN "Message" m ON m.id = r."messageId"
       WHERE r."batchId" = $1 AND r.state = ${messageState("FAILED")} AND m."resentToBatchId" IS NULL
         AND NOT EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = m.phone)
         AND m."callState" IS DISTINCT FROM ${messageState("ANSWERED")}
       GROUP BY 1`,
      [batchId],
    ),
    pool().query<{ id: string; name: string; recipientCount: number; state: string }>(
      `SELECT id, name, "recipientCount", state FROM "Batch" WHERE "parentBatchId" = $1 ORDER BY "createdAt"`,
      [batchId],
    ),
  ]);
  const row = counts.rows[0]!;
  const byClass = Object.fromEntries(FAILURE_CLASSES.map((c) => [c, 0])) as Record<FailureClass, number>;
  for (const { class: c, n } of failed.rows) byClass[isFailureClass(c) ? c : "NETWORK"] += n;
  return {
    unknown: row.unknown,
    failed: byClass,
    noReceipt: row.no_receipt,
    optedOut: { operator: row.opted_out - row.carrier, carrier: row.carrier },
    alreadyResent: row.already,
    answeredCall: row.answered_call,
    children: children.rows,
  };
}
