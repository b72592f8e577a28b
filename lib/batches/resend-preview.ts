// What a resend would do, for the confirmation: how many of each kind would be sent, how many were already resent
// (and in which batches), how many are opted out. Read on demand (one pass over the batch), never polled.
import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { noReceiptSql } from "./no-receipt";

export type ResendPreview = {
  unknown: number;
  failed: number;
  noReceipt: number;
  optedOut: number;
  alreadyResent: number;
  children: { id: string; name: string; recipientCount: number; state: string }[];
};

export async function resendPreview(batchId: string): Promise<ResendPreview> {
  const [counts, children] = await Promise.all([
    pool().query<{ unknown: number; failed: number; no_receipt: number; opted_out: number; already: number }>(
      `WITH m AS (
         SELECT m.state, m."resentToBatchId" IS NOT NULL AS resent, ${noReceiptSql("m", 2)} AS no_receipt,
                EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = m.phone) AS opted_out
         FROM "Message" m WHERE m."batchId" = $1
       )
       SELECT count(*) FILTER (WHERE state = 'UNKNOWN' AND NOT resent AND NOT opted_out)::int AS unknown,
              count(*) FILTER (WHERE state = 'FAILED' AND NOT resent AND NOT opted_out)::int AS failed,
              count(*) FILTER (WHERE no_receipt AND NOT resent AND NOT opted_out)::int AS no_receipt,
              count(*) FILTER (WHERE (state IN ('UNKNOWN', 'FAILED') OR no_receipt) AND NOT resent AND opted_out)::int AS opted_out,
              count(*) FILTER (WHERE resent)::int AS already
       FROM m`,
      [batchId, env().NO_RECEIPT_AFTER_HOURS],
    ),
    pool().query<{ id: string; name: string; recipientCount: number; state: string }>(
      `SELECT id, name, "recipientCount", state FROM "Batch" WHERE "parentBatchId" = $1 ORDER BY "createdAt"`,
      [batchId],
    ),
  ]);
  const row = counts.rows[0]!;
  return {
    unknown: row.unknown,
    failed: row.failed,
    noReceipt: row.no_receipt,
    optedOut: row.opted_out,
    alreadyResent: row.already,
    children: children.rows,
  };
}
