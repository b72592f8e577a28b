// A batch's outcomes per language (issue 39: each person in their own language): for each variant the batch was sent
// in, and the default text, how many recipients, delivered (DELIVERED or ANSWERED), failed (FAILED or REJECTED) and
// not yet known — so an operator sees whether the Kiswahili text reached its people as well as the English one.
// A batch without variants is one row, read from its counters (no pass over its messages); one with variants is one
// GROUP BY over its messages (from Batch.firstMessageId, so only its weeks' partitions are planned:
// docs/partitioning.md).
import "server-only";
import { pool } from "@/lib/db/pool";
import { DELIVERED_STATES, FAILED_STATES } from "@/lib/states/states";
import { messageStates } from "@/lib/states/state-sql";

export type LanguageOutcome = {
  /** The variant's language code; null: the default text. */
  language: string | null;
  recipients: number;
  delivered: number;
  failed: number;
  /** Neither delivered nor failed (yet): sending, waiting for a receipt, unknown, cancelled, suppressed. */
  other: number;
};

/** Per language, the default first, then the batch's variants in their order; null when there is no such batch. */
export async function outcomesByLanguage(batchId: string): Promise<LanguageOutcome[] | null> {
  const { rows: batches } = await pool().query<{
    variants: { language: string }[] | null;
    recipients: number;
    delivered: number;
    failed: number;
    first: string | null;
  }>(
    `SELECT variants, "recipientCount" AS recipients, "deliveredCount" + "answeredCount" AS delivered,
            "failedCount" + "rejectedCount" AS failed, "firstMessageId"::text AS first
     FROM "Batch" WHERE id = $1`,
    [batchId],
  );
  const batch = batches[0];
  if (!batch) return null;
  if (!batch.variants?.length) {
    const { recipients, delivered, failed } = batch;
    return [{ language: null, recipients, delivered, failed, other: recipients - delivered - failed }];
  }
  const { rows } = await pool().query<Omit<LanguageOutcome, "other">>(
    `SELECT language, count(*)::int AS recipients,
            count(*) FILTER (WHERE state IN ${messageStates(DELIVERED_STATES)})::int AS delivered,
            count(*) FILTER (WHERE state IN ${messageStates(FAILED_STATES)})::int AS failed
     FROM "Message" WHERE "batchId" = $1 AND id >= $2::bigint
     GROUP BY language`,
    [batchId, batch.first ?? "0"],
  );
  const found = new Map(rows.map((row) => [row.language, row]));
  return [null, ...batch.variants.map((variant) => variant.language)].map((language) => {
    const row = found.get(language) ?? { language, recipients: 0, delivered: 0, failed: 0 };
    return { ...row, language, other: row.recipients - row.delivered - row.failed };
  });
}
