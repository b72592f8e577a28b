// The statuses the built-in table does not know (ReceiptStatus), for the Receipts page: the unmapped ones, most
// recently seen first, with how many receipts brought each, when first and last, a few example receipts (their
// number and message) and how many messages still hold it (what mapping it moves); and the ones administrators mapped,
// with who and when.
import "server-only";
import { messageState } from "@/lib/states/state-sql";
import { pool } from "@/lib/db/pool";

const SHOWN = 100;

export type StatusExample = {
  receiptId: string;
  phone: string | null;
  messageId: string | null;
  batchId: string | null;
};
export type SeenStatus = {
  status: string;
  receipts: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  examples: StatusExample[];
  state: string | null;
  failureClass: string | null;
  mappedAt: Date | null;
  mappedBy: string | null;
  /** Messages a mapping would move now: still QUEUED with this status (UnmappedStatusMessage, as map-status.ts reads). */
  waiting: number;
};

export async function listReceiptStatuses(): Promise<{ unmapped: SeenStatus[]; mapped: SeenStatus[] }> {
  const { rows } = await pool().query<SeenStatus>(
    `SELECT s.status, s.receipts, s."firstSeenAt", s."lastSeenAt", s.state::text AS state, s."failureClass",
            s."mappedAt", u.name AS "mappedBy",
            COALESCE((
              SELECT json_agg(json_build_object('receiptId', r.id::text, 'phone', r.phone, 'messageId', r."messageId"::text,
                                                'batchId', m."batchId") ORDER BY e.n)
              FROM unnest(s."exampleReceiptIds") WITH ORDINALITY AS e(id, n)
              JOIN "Receipt" r ON r.id = e.id LEFT JOIN "Message" m ON m.id = r."messageId"
            ), '[]') AS examples,
            CASE WHEN s.state IS NULL THEN (
              SELECT count(*)::int FROM "UnmappedStatusMessage" u JOIN "Message" m ON m.id = u."messageId"
              WHERE u.status = s.status AND m."deliveryStatus" = u.status AND m.state = ${messageState("QUEUED")}
            ) ELSE 0 END AS waiting
     FROM "ReceiptStatus" s LEFT JOIN "User" u ON u.id = s."mappedById"
     ORDER BY s.state IS NOT NULL, s."lastSeenAt" DESC
     LIMIT $1`,
    [SHOWN * 2],
  );
  return {
    unmapped: rows.filter((r) => r.state === null).slice(0, SHOWN),
    mapped: rows.filter((r) => r.state !== null).slice(0, SHOWN),
  };
}
