// Whether retention has removed some of a batch's recipients, and from when: its counters (kept on Batch) still
// count them, but its recipients list, search, export and resend can no longer read them, and the batch page says so.
import "server-only";
import { pool } from "@/lib/db/pool";
import { keptFromId } from "./leftovers";

/** The start of the oldest week still kept, if the batch has recipients stored before it; null otherwise. */
export async function recipientsRemovedBefore(batchId: string): Promise<Date | null> {
  const keptFrom = await keptFromId();
  if (keptFrom === 0n) return null;
  const { rows } = await pool().query<{ before: Date }>(
    `SELECT tuma_week_start(($2::bigint >> 32)::int) AS before FROM "Batch" WHERE id = $1 AND "firstMessageId" < $2`,
    [batchId, keptFrom.toString()],
  );
  return rows[0]?.before ?? null;
}
