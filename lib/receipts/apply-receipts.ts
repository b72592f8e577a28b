// Applying stored receipts to messages, set-based, a few thousand at a time (run by the workers):
//   match by uniqueId + phone (the provider's id; phone tells apart the numbers of a comma-separated send),
//   else by correlator (our id: works even when the receipt beats the send response), within the same account;
//   per message take the strongest receipt of the lot (a final one over an intermediate, then the latest time);
//   apply it only forwards: a final state is replaced only by a final receipt with a later deliveryTime, an
//   intermediate receipt never replaces a final state. Replays therefore change nothing.
// Unmatched receipts stay stored (messageId null) and are retried when a send response brings their uniqueId.
import "server-only";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { normalizePhone } from "@/lib/provider/phone";
import { mapDeliveryStatus } from "./status-map";

const BATCH = 5_000;

type Pending = { id: string; accountId: string; uniqueId: string | null; correlator: string | null; phone: string | null; deliveryStatus: string; deliveryAt: Date | null };

/** Applies up to BATCH unapplied receipts; returns how many it took (0 when there were none). */
export async function applyPendingReceipts(): Promise<{ taken: number; matched: number; changed: number }> {
  return transaction(async (client) => {
    const { rows } = await client.query<Pending>(
      `SELECT id::text, "accountId", "uniqueId", correlator, phone, "deliveryStatus", "deliveryAt"
       FROM "Receipt" WHERE "appliedAt" IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [BATCH],
    );
    if (rows.length === 0) return { taken: 0, matched: 0, changed: 0 };
    const mapped = rows.map((r) => ({ ...r, ...mapDeliveryStatus(r.deliveryStatus), phone: normalised(r.phone) }));
    const { rows: result } = await client.query<{ matched: string; changed: string }>(
      `WITH r AS (
         SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[], $9::timestamptz[])
           AS r(rid, account, uid, corr, phone, status, state, final, at)
       ),
       matched AS (
         SELECT r.*, COALESCE(
           -- uniqueId + phone, through the phone index (a comma-separated send shares one uniqueId).
           (SELECT m.id FROM "Message" m JOIN "Batch" b ON b.id = m."batchId"
             WHERE m.phone = r.phone AND m."providerUniqueId" = r.uid AND b."accountId" = r.account LIMIT 1),
           -- Our correlator is the message id.
           (SELECT m.id FROM "Message" m JOIN "Batch" b ON b.id = m."batchId"
             WHERE r.corr ~ '^[0-9]{1,18}$' AND m.id = r.corr::bigint AND b."accountId" = r.account)
         ) AS mid
         FROM r
       ),
       linked AS (
         UPDATE "Receipt" rc SET "messageId" = matched.mid, "appliedAt" = now() FROM matched WHERE rc.id = matched.rid
       ),
       best AS (
         SELECT DISTINCT ON (mid) * FROM matched WHERE mid IS NOT NULL ORDER BY mid, final DESC, at DESC NULLS LAST, rid DESC
       ),
       changed AS (
         UPDATE "Message" m SET
           state = CASE WHEN best.final THEN best.state::"MessageState"
                        WHEN m.state IN ('PENDING', 'UNKNOWN') THEN 'QUEUED'::"MessageState"
                        ELSE m.state END,
           "deliveryStatus" = best.status, "receiptAt" = best.at, "updatedAt" = now()
         FROM best
         WHERE m.id = best.mid
           AND (m."receiptAt" IS NULL OR best.at > m."receiptAt")
           AND (best.final OR m.state NOT IN ('DELIVERED', 'ANSWERED', 'FAILED'))
         RETURNING m.id
       )
       SELECT (SELECT count(*) FROM matched WHERE mid IS NOT NULL) AS matched, (SELECT count(*) FROM changed) AS changed`,
      [
        mapped.map((r) => r.id),
        mapped.map((r) => r.accountId),
        mapped.map((r) => r.uniqueId),
        mapped.map((r) => r.correlator),
        mapped.map((r) => r.phone),
        mapped.map((r) => r.deliveryStatus),
        mapped.map((r) => r.state),
        mapped.map((r) => r.final),
        mapped.map((r) => r.deliveryAt),
      ],
    );
    return { taken: rows.length, matched: Number(result[0]?.matched ?? 0), changed: Number(result[0]?.changed ?? 0) };
    // Lost in a database crash, an application is simply done again: the receipts are durable and stay unapplied.
  }, { relaxed: true });
}

function normalised(phone: string | null): string | null {
  if (!phone) return null;
  const check = normalizePhone(phone, { lenient: true });
  return check.ok ? check.phone : phone;
}

/**
 * Unmatched receipts of the last two days that would now match (their message's uniqueId has since been recorded)
 * go back to the applier. Bounded, so garbage receipts cost little.
 */
export async function rematchReceipts(): Promise<number> {
  const { rowCount } = await pool().query(
    `UPDATE "Receipt" r SET "appliedAt" = NULL
     WHERE r.id IN (
       SELECT r2.id FROM "Receipt" r2
       WHERE r2."messageId" IS NULL AND r2."appliedAt" IS NOT NULL AND r2."receivedAt" > now() - interval '48 hours'
         AND EXISTS (SELECT 1 FROM "Message" m WHERE m.phone = r2.phone AND m."providerUniqueId" = r2."uniqueId")
       LIMIT 1000
     )`,
  );
  return rowCount ?? 0;
}
