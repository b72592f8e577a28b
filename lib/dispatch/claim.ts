// Claiming a chunk: PENDING → SUBMITTING in one committed statement *before* the request goes out, so that a crash
// at any later point leaves evidence (SUBMITTING + claimedBy) instead of a silent double send.
import "server-only";
import { pool } from "@/lib/db/pool";

/** `id` is also the correlator the request carries. */
export type ClaimedMessage = { id: string; phone: string; text: string | null };

/**
 * Claims up to `limit` PENDING messages of the batch with ids above `after`. Claimed rows leave dead index entries
 * behind until vacuum, so scanning from the start of a 100,000-recipient batch gets slower with every chunk; callers
 * keep a cursor (the last id they claimed) and scan from 0 only to pick up stragglers (released after a retryable
 * failure) before calling a batch drained.
 */
export async function claimChunk(batchId: string, limit: number, workerKey: number, after = "0"): Promise<ClaimedMessage[]> {
  const { rows } = await pool().query<ClaimedMessage>(
    `WITH chunk AS (
       SELECT m.id FROM "Message" m
       WHERE m."batchId" = $1 AND m.state = 'PENDING' AND m.id > $4::bigint
         AND EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = $1 AND b.state = 'SENDING')
       ORDER BY m.id LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE "Message" m
     SET state = 'SUBMITTING', "claimedBy" = $3, attempts = m.attempts + 1, "submittedAt" = now(), "updatedAt" = now()
     FROM chunk WHERE m.id = chunk.id
     RETURNING m.id::text AS id, m.phone, m.text`,
    [batchId, limit, workerKey, after],
  );
  // RETURNING order is not guaranteed; keep the list order stable for the request.
  return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}
