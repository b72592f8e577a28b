// Claiming a chunk: PENDING → SUBMITTING (with this worker's key) in one committed statement *before* its request
// goes out, returning the chunk's messages still PENDING. One row write per hundred recipients: the messages
// themselves are written once, when the provider's answer is recorded.
import "server-only";
import { batchState, chunkState, messageState } from "@/lib/states/state-sql";
import { pool } from "@/lib/db/pool";
import { mayDispatchNowSql } from "@/lib/batches/promotional-window-sql";
import { SMS_ARRIVED, smsArrivedSql } from "@/lib/escalation/sms-arrived-sql";

/** `id` is also the correlator the request carries. */
/** `language`: the recipient's variant (Message.language), null for the default text. */
export type ClaimedMessage = { id: string; phone: string; text: string | null; language: string | null };
export type ClaimedChunk = {
  chunkId: string;
  claimedAt: Date;
  /** The chunk's id range: what recording its outcome may touch (lib/dispatch/record.ts). */
  firstMessageId: string;
  lastMessageId: string;
  messages: ClaimedMessage[];
};

/** What the claim needs to know of the batch beyond its id; unknown, it reads every partition and checks for calls. */
export type ClaimScope = {
  /** The batch's lowest message id (Batch.firstMessageId). */
  firstMessageId: string | null;
  /** An escalation's calls (Batch.escalatesBatchId set): calls whose SMS arrived meanwhile are cancelled, not sent. */
  calls: boolean;
};

const UNKNOWN_SCOPE: ClaimScope = { firstMessageId: null, calls: true };

/**
 * The batch's next chunk, or null when it has none left to claim (or is no longer SENDING, or is promotional and the
 * organisation's window is closed: lib/batches/promotional-window-sql.ts).
 */
export async function claimChunk(
  batchId: string,
  workerKey: number,
  scope: ClaimScope = UNKNOWN_SCOPE,
): Promise<ClaimedChunk | null> {
  const { rows } = await pool().query<{
    chunk_id: string;
    claimed_at: Date;
    first_id: string;
    last_id: string;
    id: string | null;
    phone: string | null;
    text: string | null;
    language: string | null;
  }>(scope.calls ? CLAIM_CALLS_SQL : CLAIM_SQL, [
    batchId,
    workerKey,
    // No lower bound than the batch's first message: PostgreSQL drops the older weeks' partitions from the plan.
    scope.firstMessageId ?? "0",
    ...(scope.calls ? [SMS_ARRIVED] : []),
  ]);
  const first = rows[0];
  if (!first) return null;
  return {
    chunkId: first.chunk_id,
    claimedAt: first.claimed_at,
    firstMessageId: first.first_id,
    lastMessageId: first.last_id,
    messages: rows
      .filter((row) => row.id !== null)
      .map((row) => ({ id: row.id!, phone: row.phone!, text: row.text, language: row.language })),
  };
}

/**
 * $1 the batch, $2 the worker's key, $3 the batch's lowest message id ($4, for calls: why a call is not placed).
 * `m.id >= $3` is what lets the plan leave out every week before the batch's (the chunk's own range comes from the
 * claimed row, known only when the statement runs): planned for all 62 partitions of a year's retention, a claim and
 * its record cost 6 × what they cost for one week's (docs/partitioning.md, "Planned, not only read").
 */
function claimSql(calls: boolean): string {
  const range = `m."batchId" = $1 AND m.id >= $3 AND m.id BETWEEN claimed."firstMessageId" AND claimed."lastMessageId"
         AND m.state = ${messageState("PENDING")}`;
  return `WITH next AS (
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
     )${
       calls
         ? `,
     -- An escalation call whose SMS was delivered (or answered) before this claim is not placed: cancelled here, in
     -- the statement that claims it, reading the SMS's state in the same snapshot (docs/escalation.md).
     overtaken AS (
       UPDATE "Message" m SET state = ${messageState("CANCELLED")}, "lastError" = $4, "updatedAt" = now()
       FROM claimed
       WHERE ${range} AND ${smsArrivedSql("m", "$1")}
     )`
         : ""
     }
     SELECT claimed.id::text AS chunk_id, claimed."claimedAt" AS claimed_at,
            claimed."firstMessageId"::text AS first_id, claimed."lastMessageId"::text AS last_id,
            m.id::text AS id, m.phone, m.text, m.language
     FROM claimed
     LEFT JOIN "Message" m ON ${range}${calls ? ` AND NOT ${smsArrivedSql("m", "$1")}` : ""}
     ORDER BY m.id`;
}

/** The claim of an ordinary batch, and of an escalation's calls. Exported for the plan check (lib/history/partitions.test.ts). */
export const CLAIM_SQL = claimSql(false);
export const CLAIM_CALLS_SQL = claimSql(true);
