// How many of a batch's recipients one language has, said beside the recipients table's language choice ("400
// recipients in Kiswahili (sw)"): the table's pages are keyset pages, which count nothing. A variant's count is one
// index-only range of the partial index ("batchId", language, id) (migration message_language); the default text's is
// the batch's recipients less every variant's (the same index, the batch's whole range of it), never a pass over the
// batch's messages. From the batch's counter, as its page's counts are: recipients removed by retention stay counted.
import "server-only";
import { pool } from "@/lib/db/pool";
import { DEFAULT_LANGUAGE, type LanguageFilter } from "./language-filter";

export async function languageCount(batchId: string, language: LanguageFilter): Promise<number> {
  const variant = language !== DEFAULT_LANGUAGE;
  const { rows } = await pool().query<{ n: number }>(
    variant
      ? `SELECT count(*)::int AS n FROM "Message" WHERE "batchId" = $1 AND language = $2`
      : `SELECT greatest(0, b."recipientCount" - (SELECT count(*) FROM "Message" m
                                                   WHERE m."batchId" = $1 AND m.language IS NOT NULL))::int AS n
         FROM "Batch" b WHERE b.id = $1`,
    variant ? [batchId, language] : [batchId],
  );
  return rows[0]?.n ?? 0;
}
