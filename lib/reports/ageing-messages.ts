// Messages ageing without a receipt: accepted by the provider (QUEUED) and still without a final receipt past the
// no-receipt age (NO_RECEIPT_AFTER_HOURS, the rule in lib/batches/no-receipt.ts), across batches, in keyset pages
// by message id. Only batches that can hold one are read — some recipient still queued (the trigger-kept counter)
// and started before the age — each through its (batchId, id) index.
import "server-only";
import { noReceiptSql } from "@/lib/batches/no-receipt";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";

export type AgeingMessage = {
  id: string;
  batchId: string;
  batchName: string;
  phone: string;
  submittedAt: Date;
  deliveryStatus: string | null;
};
export type AgeingBatch = { id: string; name: string; queuedCount: number };

export async function listAgeingMessages(after: string | undefined, limit = 50) {
  const hours = env().NO_RECEIPT_AFTER_HOURS;
  const { rows: batches } = await pool().query<AgeingBatch>(
    `SELECT id, name, "queuedCount" FROM "Batch"
     WHERE "queuedCount" > 0 AND COALESCE("startedAt", "createdAt") < now() - make_interval(hours => $1)
     ORDER BY "createdAt" DESC`,
    [hours],
  );
  if (batches.length === 0) return { batches, rows: [] as AgeingMessage[], next: null, hours };
  const { rows } = await pool().query<AgeingMessage>(
    `SELECT m.id::text AS id, m."batchId", b.name AS "batchName", m.phone, m."submittedAt", m."deliveryStatus"
     FROM unnest($1::uuid[]) AS c(id)
     JOIN "Batch" b ON b.id = c.id
     CROSS JOIN LATERAL (
       SELECT m.* FROM "Message" m
       WHERE m."batchId" = c.id AND m.id > $2::bigint AND ${noReceiptSql("m", 4)}
       ORDER BY m.id LIMIT $3
     ) m
     ORDER BY m.id LIMIT $3`,
    [batches.map((b) => b.id), after ?? "0", limit, hours],
  );
  return { batches, rows, next: rows.length === limit ? rows.at(-1)!.id : null, hours };
}
