// Recording what became of a claimed chunk, each outcome in one statement (one round trip, one commit). Messages
// move only from PENDING (a receipt that beat the response — DELIVERED already — is never moved back), and the chunk
// is closed in the same statement, so a chunk is never DONE with its messages unrecorded or the other way round.
// These commits need not wait for the disk (relaxedPool): a record lost in a database crash leaves its chunk
// SUBMITTING, which recovery turns UNKNOWN — conservative, never a resend.
import "server-only";
import { batchState, chunkState, messageState, messageStates } from "@/lib/states/state-sql";
import { UNCONFIRMED_MESSAGE_STATES } from "@/lib/states/states";
import { relaxedPool } from "@/lib/db/pool";
import { POOL_TIMEOUT_ATTEMPTS, retryOnPoolTimeout } from "@/lib/db/pool-timeout";
import { logger } from "@/lib/log";
import { escalateAtSql } from "@/lib/escalation/escalate-at-sql";
import type { ClaimedChunk } from "./claim";

/** How many times an outcome in hand is written when no connection comes free in time. */
export const RECORD_ATTEMPTS = POOL_TIMEOUT_ATTEMPTS;

/**
 * An outcome is known only in this process's memory until it is written: when the pool found no free connection in
 * time (a busy machine; lib/db/pool-timeout.ts) the statement never ran, so it is tried again rather than given up —
 * given up, recovery would make a chunk the provider accepted UNKNOWN. The lane holds the chunk meanwhile, so recovery
 * leaves it alone. Any other error is thrown at once, as before.
 */
async function recordQuery(sql: string, values: unknown[]): Promise<void> {
  await retryOnPoolTimeout(
    () => relaxedPool().query(sql, values),
    (attempt) =>
      logger().warn(
        { attempt, of: RECORD_ATTEMPTS },
        "Recording a chunk's outcome found no free database connection in time; trying again.",
      ),
  );
}

export type Accepted = {
  id: string;
  uniqueId: string;
  providerBatchId: string | null;
  smsUnits: number | null;
  operator: string | null;
};
export type Refused = { id: string; error: string };

/** The claimed chunk, as far as recording its outcome needs it (lib/dispatch/claim.ts). */
export type RecordedChunk = Pick<
  ClaimedChunk,
  "chunkId" | "claimedAt" | "firstMessageId" | "lastMessageId" | "messages"
>;

/**
 * Every update of "Message" here names the chunk's id range as well as its ids: parameters known when the statement
 * is planned, so the plan holds the one or two weeks' partitions the chunk is in rather than every week kept
 * (docs/partitioning.md, "Planned, not only read").
 */
export async function recordResponse(
  chunk: RecordedChunk,
  accepted: Accepted[],
  refused: Refused[],
  unknown: Refused[],
): Promise<void> {
  const settled = [
    ...refused.map((r) => ({ ...r, state: "REJECTED" })),
    ...unknown.map((r) => ({ ...r, state: "UNKNOWN" })),
  ];
  await recordQuery(RECORD_SQL, [
    chunk.chunkId,
    accepted.map((a) => a.id),
    accepted.map((a) => a.uniqueId),
    accepted.map((a) => a.providerBatchId),
    accepted.map((a) => a.smsUnits),
    accepted.map((a) => a.operator),
    settled.map((s) => s.id),
    settled.map((s) => s.state),
    settled.map((s) => s.error),
    chunk.claimedAt,
    chunk.firstMessageId,
    chunk.lastMessageId,
  ]);
}

/** Exported for the plan check (lib/history/partitions.test.ts). */
export const RECORD_SQL = `WITH accepted AS (
       UPDATE "Message" m SET
         state = CASE WHEN m.state IN ${messageStates(UNCONFIRMED_MESSAGE_STATES)} THEN ${messageState("QUEUED")} ELSE m.state END,
         "providerUniqueId" = r.unique_id, "providerBatchId" = r.batch_id, "smsUnits" = r.units,
         operator = COALESCE(r.operator, m.operator), "submittedAt" = $10, "lastError" = NULL, "updatedAt" = now()
       FROM unnest($2::bigint[], $3::text[], $4::text[], $5::int[], $6::text[]) AS r(id, unique_id, batch_id, units, operator)
       WHERE m.id = r.id AND m.id BETWEEN $11 AND $12
     ),
     settled AS (
       UPDATE "Message" m SET state = r.state::"MessageState", "lastError" = r.error, "submittedAt" = $10, "updatedAt" = now()
       FROM unnest($7::bigint[], $8::text[], $9::text[]) AS r(id, state, error)
       WHERE m.id = r.id AND m.id BETWEEN $11 AND $12 AND m.state = ${messageState("PENDING")}
     )
     UPDATE "DispatchChunk" c SET state = ${chunkState("DONE")}, "lastError" = NULL, ${escalateAtSql("$10::timestamptz")}
     FROM "Batch" b WHERE c.id = $1 AND b.id = c."batchId"`;

/** The whole chunk ended in one state with one reason (rejected, or outcome unknown). */
export async function settleChunk(chunk: RecordedChunk, state: "REJECTED" | "UNKNOWN", error: string): Promise<void> {
  await recordQuery(
    `WITH settled AS (
       UPDATE "Message" SET state = $3::"MessageState", "lastError" = $4, "submittedAt" = now(), "updatedAt" = now()
       WHERE id = ANY($2::bigint[]) AND id BETWEEN $5 AND $6 AND state = ${messageState("PENDING")}
     )
     UPDATE "DispatchChunk" c SET state = ${chunkState("DONE")}, "lastError" = $4, ${escalateAtSql("now()")}
     FROM "Batch" b WHERE c.id = $1 AND b.id = c."batchId"`,
    [chunk.chunkId, chunk.messages.map((m) => m.id), state, error, chunk.firstMessageId, chunk.lastMessageId],
  );
}

/**
 * Nothing reached the provider (refused connection, 429, 503, 401): the chunk goes back to be claimed again — unless
 * its batch was cancelled while the request was out. Cancelling leaves a chunk in flight to finish
 * (lib/batches/cancel-batch.ts), so a chunk that comes back unsent is cancelled here with its messages, as cancelling
 * would have done; put back PENDING, nobody would claim it and its recipients would wait forever. The batch row is
 * locked FOR SHARE so a cancel committing meanwhile is waited for and seen.
 */
export async function releaseChunk(chunkId: string, error: string): Promise<void> {
  await recordQuery(
    `WITH batch AS (
       SELECT b.id, b.state FROM "Batch" b JOIN "DispatchChunk" c ON c."batchId" = b.id WHERE c.id = $1 FOR SHARE OF b
     ), released AS (
       UPDATE "DispatchChunk" c
       SET state = CASE WHEN batch.state = ${batchState("CANCELLED")} THEN ${chunkState("CANCELLED")} ELSE ${chunkState("PENDING")} END,
           "workerKey" = NULL, "lastError" = $2
       FROM batch WHERE c.id = $1 AND c.state = ${chunkState("SUBMITTING")}
       RETURNING c."batchId", c.state, c."firstMessageId", c."lastMessageId"
     ), cancelled AS (
       UPDATE "Message" m SET state = ${messageState("CANCELLED")}, "updatedAt" = now()
       FROM released r
       WHERE r.state = ${chunkState("CANCELLED")} AND m."batchId" = r."batchId"
         AND m.id BETWEEN r."firstMessageId" AND r."lastMessageId" AND m.state = ${messageState("PENDING")}
       RETURNING m."batchId", m.phone
     )
     -- Never sent: the duplicate-send guard forgets them, as cancelling does.
     DELETE FROM "SentText" s USING cancelled c WHERE s."batchId" = c."batchId" AND s.phone = c.phone`,
    [chunkId, error],
  );
}
