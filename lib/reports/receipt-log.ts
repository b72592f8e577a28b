// The receipt log as the Receipts page reads it, newest first in keyset pages (by id: as fast on the last page as
// on the first), searched by the provider's uniqueId, our correlator, or a phone number in any form. Every search
// goes through an index: uniqueId and correlator have theirs; a phone finds the messages sent to it (Message's phone
// index), then their receipts by correlator (= message id) and uniqueId, plus the unmatched receipts with that phone
// (a partial index that holds only unmatched receipts). A matched receipt that names a number but came for a message
// of a different number is therefore not found by that number — it is found by its uniqueId or correlator.
import "server-only";
import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { queryCursor, queryEnum, queryText } from "@/lib/http/page-query";
import { normalizePhone } from "@/lib/provider/wire/phone";

export const UNMATCHED_REASONS = ["no_message", "not_sent"] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export const receiptFilterSchema = z.object({
  q: queryText(255, "At most 255 characters."),
  unmatched: queryEnum(["any", ...UNMATCHED_REASONS], "Not a reason a receipt matches no message."),
  before: queryCursor("id", "The cursor must be a receipt id."),
});
export type ReceiptFilter = z.output<typeof receiptFilterSchema>;

export type ReceiptRow = {
  id: string;
  receivedAt: Date;
  uniqueId: string | null;
  correlator: string | null;
  phone: string | null;
  deliveryStatus: string;
  deliveryTime: string | null;
  messageId: string | null;
  appliedAt: Date | null;
  unmatchedReason: string | null;
  raw: string;
};

const COLUMNS = `r.id::text AS id, r."receivedAt", r."uniqueId", r.correlator, r.phone, r."deliveryStatus", r."deliveryTime",
  r."messageId"::text AS "messageId", r."appliedAt", r."unmatchedReason", r.raw`;

/** How many messages of one number a phone search follows (the most recent). */
const PHONE_MESSAGES = 5_000;

export async function listReceipts(
  filter: ReceiptFilter,
  limit = 50,
): Promise<{ rows: ReceiptRow[]; next: string | null }> {
  const before = filter.before ?? null;
  const unmatched = filter.unmatched ?? null;
  // "any": every reason; a reason: that one. Each statement is planned with its values (unnamed statements), so the
  // planner sees `"unmatchedReason" IS NOT NULL` and uses the partial index that holds only unmatched receipts.
  const unmatchedSql = `AND ($3::text IS NULL OR (r."unmatchedReason" IS NOT NULL AND ($3 = 'any' OR r."unmatchedReason" = $3)))`;
  const q = filter.q?.trim() || null;
  if (!q) {
    const { rows } = await pool().query<ReceiptRow>(
      `SELECT ${COLUMNS} FROM "Receipt" r WHERE ($1::bigint IS NULL OR r.id < $1) ${unmatchedSql} ORDER BY r.id DESC LIMIT $2`,
      [before, limit, unmatched],
    );
    return page(rows, limit);
  }
  const phone = normalizePhone(q, { lenient: true });
  let ids: string[] = [];
  let uniqueIds: string[] = [];
  if (phone.ok) {
    const { rows } = await pool().query<{ id: string; uid: string | null }>(
      `SELECT id::text AS id, "providerUniqueId" AS uid FROM "Message" WHERE phone = $1 ORDER BY id DESC LIMIT $2`,
      [phone.phone, PHONE_MESSAGES],
    );
    ids = rows.map((r) => r.id);
    uniqueIds = rows.flatMap((r) => (r.uid ? [r.uid] : []));
  }
  const { rows } = await pool().query<ReceiptRow>(
    `SELECT ${COLUMNS} FROM "Receipt" r
     WHERE (r."uniqueId" = $4 OR r.correlator = $4
            OR r.correlator = ANY($5::text[])
            OR (r."uniqueId" = ANY($6::text[]) AND (r.phone IS NULL OR r.phone = $7))
            OR (r."unmatchedReason" IS NOT NULL AND r.phone = $7))
       AND ($1::bigint IS NULL OR r.id < $1) ${unmatchedSql}
     ORDER BY r.id DESC LIMIT $2`,
    [before, limit, unmatched, q, ids, uniqueIds, phone.ok ? phone.phone : null],
  );
  return page(rows, limit);
}

function page(rows: ReceiptRow[], limit: number) {
  return { rows, next: rows.length === limit ? rows.at(-1)!.id : null };
}
