// Stores one slice of a batch's recipients and the dispatch chunks that cover them, in one set-based statement:
// ids from the sequence (each id doubles as the correlator), opted-out numbers SUPPRESSED, and — when the batch was
// cancelled while its recipients were still being stored — the rest CANCELLED rather than sent.
import "server-only";
import type pg from "pg";

export async function storeRecipients(
  client: pg.PoolClient,
  batchId: string,
  phones: string[],
  texts: (string | null)[],
  chunkSize: number,
): Promise<{ suppressed: number }> {
  const { rows } = await client.query<{ suppressed: string }>(
    `WITH batch AS (SELECT state FROM "Batch" WHERE id = $1),
     ins AS (
       INSERT INTO "Message" (id, "batchId", phone, text, state, "updatedAt")
       SELECT r.id, $1, r.phone, r.text,
              CASE WHEN o.phone IS NOT NULL THEN 'SUPPRESSED'
                   WHEN (SELECT state FROM batch) = 'CANCELLED' THEN 'CANCELLED'
                   ELSE 'PENDING' END::"MessageState",
              now()
       FROM (SELECT nextval('"Message_id_seq"') AS id, u.phone, u.text, u.ord
             FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(phone, text, ord)) r
       LEFT JOIN "OptOut" o ON o.phone = r.phone
       ORDER BY r.ord
       RETURNING id, state
     ),
     chunks AS (
       INSERT INTO "DispatchChunk" ("batchId", "firstMessageId", "lastMessageId", size)
       SELECT $1, min(id), max(id), count(*)
       FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / $4 AS chunk FROM ins WHERE state = 'PENDING') pending
       GROUP BY chunk
     )
     SELECT count(*) FILTER (WHERE state = 'SUPPRESSED') AS suppressed FROM ins`,
    [batchId, phones, texts, chunkSize],
  );
  return { suppressed: Number(rows[0]?.suppressed ?? 0) };
}
