// Whether retention has removed some of a batch's recipients, and from when: its counters (kept on Batch) still
// count them, but its recipients list, search, export and resend can no longer read them, and the batch page says so.
import "server-only";
import { pool } from "@/lib/db/pool";
import { keptFromId } from "./leftovers";

/** The start of the oldest week still kept, if the batch has recipients stored before it; null otherwise. */
export async function recipientsRemovedBefore(batchId: string): Promise<Date | null> {
  // Asked at every refresh of a batch page (every 2 s while it sends): first one probe of the batch's first message,
  // planned for its own partition (the id is a literal to the planner). Messages leave only with their week (or with
  // their batch), so a first message missing means retention reached the batch; only then the catalogue is read.
  const { rows: batches } = await pool().query<{ first: string | null }>(
    `SELECT "firstMessageId"::text AS first FROM "Batch" WHERE id = $1`,
    [batchId],
  );
  const first = batches[0]?.first;
  if (!first) return null;
  const { rowCount } = await pool().query(`SELECT 1 FROM "Message" WHERE id = $1::bigint`, [first]);
  if (rowCount) return null;
  const keptFrom = await keptFromId();
  if (keptFrom === 0n || BigInt(first) >= keptFrom) return null;
  const { rows } = await pool().query<{ before: Date }>(`SELECT tuma_week_start(($1::bigint >> 32)::int) AS before`, [
    keptFrom.toString(),
  ]);
  return rows[0]!.before;
}
