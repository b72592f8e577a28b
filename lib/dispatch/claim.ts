// Claiming a chunk: PENDING → SUBMITTING in one committed statement *before* the request goes out, so that a crash
// at any later point leaves evidence (SUBMITTING + claimedBy) instead of a silent double send.
import "server-only";
import { pool } from "@/lib/db/pool";

export type ClaimedMessage = { id: string; phone: string; text: string | null; correlator: string };

export async function claimChunk(batchId: string, limit: number, workerKey: number): Promise<ClaimedMessage[]> {
  const { rows } = await pool().query<ClaimedMessage>(
    `WITH chunk AS (
       SELECT m.id FROM "Message" m
       WHERE m."batchId" = $1 AND m.state = 'PENDING'
         AND EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = $1 AND b.state = 'SENDING')
       ORDER BY m.id LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE "Message" m
     SET state = 'SUBMITTING', "claimedBy" = $3, attempts = m.attempts + 1, "submittedAt" = now(), "updatedAt" = now()
     FROM chunk WHERE m.id = chunk.id
     RETURNING m.id::text AS id, m.phone, m.text, m.correlator`,
    [batchId, limit, workerKey],
  );
  // RETURNING order is not guaranteed; keep the list order stable for the request.
  return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}
