// How many of a batch's recipients one language has, said beside the recipients table's language choice ("400
// recipients: Kiswahili (sw)"): the table's pages are keyset pages, which count nothing. A variant's count is one
// index-only range of the partial index ("batchId", language, id) (migration message_language); the default text's is
// the batch's recipients less every variant's (the same index, the batch's whole range of it), never a pass over the
// batch's messages. From the batch's counter, as its page's counts are: recipients removed by retention stay counted.
// From Batch.firstMessageId, a literal, so only the batch's weeks' partitions are planned (docs/partitioning.md).
import "server-only";
import { pool } from "@/lib/db/pool";
import { DEFAULT_LANGUAGE, type LanguageFilter } from "./language-filter";

export async function languageCount(batchId: string, language: LanguageFilter): Promise<number> {
  const { rows: batches } = await pool().query<{ recipients: number; first: string | null }>(
    `SELECT "recipientCount" AS recipients, "firstMessageId"::text AS first FROM "Batch" WHERE id = $1`,
    [batchId],
  );
  const batch = batches[0];
  if (!batch) return 0;
  const variant = language !== DEFAULT_LANGUAGE;
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Message"
     WHERE "batchId" = $1 AND id >= $2::bigint AND ${variant ? "language = $3" : "language IS NOT NULL"}`,
    variant ? [batchId, batch.first ?? "0", language] : [batchId, batch.first ?? "0"],
  );
  const n = rows[0]?.n ?? 0;
  return variant ? n : Math.max(0, batch.recipients - n);
}
