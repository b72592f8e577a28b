// Claiming a chunk: PENDING → SUBMITTING (with this worker's key) in one committed statement *before* its request
// goes out, returning the chunk's messages still PENDING. One row write per hundred recipients: the messages
// themselves are written once, when the provider's answer is recorded.
import "server-only";
import { batchState, chunkState, messageState } from "@/lib/batches/state-sql";
import { pool } from "@/lib/db/pool";
import { mayDispatchNowSql } from "@/lib/batches/promotional-window-sql";
import { SMS_ARRIVED, smsArrivedSql } from "@/lib/escalation/sms-arrived-sql";

/** `id` is also the correlator the request carries. */
export type ClaimedMessage = { id: string; phone: string; text: string | null };
export type ClaimedChunk = { chunkId: string; claimedAt: Date; messages: ClaimedMessage[] };

/**
 * The batch's next chunk, or null when it has none left to claim (or is no longer SENDING, or is promotional and the
 * organisation's window is closed: lib/batches/promotional-window-sql.ts).
 */
export async function claimChunk(batchId: string, workerKey: number): Promise<ClaimedChunk | null> {
  const { rows } = await pool().query<{
    chunk_id: string;
    claimed_at: Date;
    id: string | null;
    phone: string | null;
    text: string | null;
  }>(
    `WITH next AS (
       SELECT c.id FROM "DispatchChunk" c
       WHERE c."batchId" = $1 AND c.state = ${chunkState("PENDING")}
         AND EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = $1 AND b.state = ${batchState("SENDING")} AND ${mayDispatchNowSql("b")})
       ORDER BY c.id LIMIT 1
       FOR UPDATE SKIP LOCKED
     ),
     claimed AS (
       UPDATE "DispatchChunk" c SET state = ${chunkState("SUBMITTING")}, "workerKey" = $2, attempts = c.attempts + 1, "claimedAt" = now()
       FROM next WHERE c.id = next.id
       RETURNING c.id, c."claimedAt", c."firstMessageId", c."lastMessageId"
     ),
     -- An escalation call whose SMS was delivered (or answered) before this claim is not placed: cancelled here, in
     -- the statement that claims it, reading the SMS's state in the same snapshot (docs/escalation.md).
     overtaken AS (
       UPDATE "Message" m SET state = ${messageState("CANCELLED")}, "lastError" = $3, "updatedAt" = now()
       FROM claimed
       WHERE m."batchId" = $1 AND m.id BETWEEN claimed."firstMessageId" AND claimed."lastMessageId"
         AND m.state = ${messageState("PENDING")} AND ${smsArrivedSql("m", "$1")}
     )
     SELECT claimed.id::text AS chunk_id, claimed."claimedAt" AS claimed_at, m.id::text AS id, m.phone, m.text
     FROM claimed
     LEFT JOIN "Message" m
       ON m."batchId" = $1 AND m.id BETWEEN claimed."firstMessageId" AND claimed."lastMessageId" AND m.state = ${messageState("PENDING")}
         AND NOT ${smsArrivedSql("m", "$1")}
     ORDER BY m.id`,
    [batchId, workerKey, SMS_ARRIVED],
  );
  const first = rows[0];
  if (!first) return null;
  return {
    chunkId: first.chunk_id,
    claimedAt: first.claimed_at,
    messages: rows.filter((row) => row.id !== null).map((row) => ({ id: row.id!, phone: row.phone!, text: row.text })),
  };
}
