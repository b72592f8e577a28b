// Applying stored receipts to messages, set-based, a few thousand at a time (run by the workers):
//   match by uniqueId + phone (the provider's id; phone tells apart the numbers of a comma-separated send),
//   else by correlator (our id: works even when the receipt beats the send response), within the same account;
//   per message take the strongest receipt of the lot (a final one over an intermediate, then the latest time);
//   apply it only forwards: a final state is replaced only by a final receipt with a later deliveryTime, an
//   intermediate receipt never replaces a final state. Replays therefore change nothing.
// The work list is ReceiptQueue. A receipt that matches no message yet ("no_message") stays on it with backoff (its
// message's answer may still be on its way) for UNMATCHED_RETRY_HOURS; one whose message was never sent
// ("not_sent") leaves it at once. Either way the receipt is kept in Receipt for good, with the reason.
// Statuses map through the built-in table, then the administrators' mappings (status-mappings.ts, read under a
// shared lock when the lot holds a status the built-in table does not know). A failed message gets its failure class,
// and the failure's effects (failure-effects.ts: carrier-blacklist opt-outs, refused sender IDs) happen in the same
// statement. A status outside the built-in table is counted on the Receipts page (ReceiptStatus) the first time each
// receipt is applied; while nobody has mapped it, the messages it reached are noted (UnmappedStatusMessage) so that
// mapping it changes them at once. A change an enabled webhook endpoint subscribes to writes its delivery in the same
// statement, by the trigger on Message (migration api_events, docs/webhooks.md).
import "server-only";
import type pg from "pg";
import { chunkState, messageState, messageStates } from "@/lib/states/state-sql";
import { FINAL_MESSAGE_STATES, UNCONFIRMED_MESSAGE_STATES } from "@/lib/states/states";
import { transaction } from "@/lib/db/transaction";
import {
  auditCarrierOptOuts,
  CARRIER_HELD_COUNT,
  CARRIER_OPT_OUTS_JSON,
  FAILURE_EFFECTS_CTES,
  type CarrierOptOut,
} from "./failure-effects";
import { builtInMapping, mapDeliveryStatus, type StatusMapping } from "./status-map";
import { readMappings, STATUS_MAPPING_LOCK_SPACE, TRACKED_STATUS_LENGTH } from "./status-mappings";

const BATCH = 5_000;
/** How long a receipt that matches no message is tried again. */
export const UNMATCHED_RETRY_HOURS = 48;

/**
 * The distinct statuses of the lot, read by its ids as a list rather than a join with the work list: joined,
 * PostgreSQL chose to hash every receipt of the week for each lot (a sequential scan that grows with the table); by a
 * list of known ids each partition is pruned when the statement is planned and read by its key (docs/partitioning.md,
 * "The applier's plan"). Only these come to Node: the receipts themselves stay in PostgreSQL.
 */
export const LOT_STATUSES = `SELECT DISTINCT r."deliveryStatus" AS status FROM "Receipt" r WHERE r.id = ANY($1::bigint[])`;

/** Applies up to BATCH unapplied receipts; returns how many it took (0 when there were none). */
export async function applyPendingReceipts(): Promise<{ taken: number; matched: number; changed: number }> {
  return transaction(
    async (client) => {
      const { rows: due } = await client.query<{ id: string }>(
        `SELECT "receiptId"::text AS id FROM "ReceiptQueue" WHERE "retryAt" IS NULL OR "retryAt" <= now()
         ORDER BY "receiptId" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      if (due.length === 0) return { taken: 0, matched: 0, changed: 0 };
      const ids = due.map((d) => d.id);
      // No statuses at all: every receipt of the lot is gone (its week dropped by retention); the statement then only
      // takes their rows off the work list.
      const { rows: lot } = await client.query<{ status: string }>(LOT_STATUSES, [ids]);
      const statuses = statusTable(
        lot.map((row) => row.status),
        await mappingsFor(client, lot),
      );
      const { rows: result } = await client.query<{
        taken: string;
        matched: string;
        changed: string;
        opted_out: CarrierOptOut[] | null;
        held: number;
      }>(applyStatement(), [
        ids,
        statuses.map((s) => s.status),
        statuses.map((s) => s.state),
        statuses.map((s) => s.final),
        statuses.map((s) => s.failureClass),
        statuses.map((s) => s.unmapped),
        statuses.map((s) => s.counted),
        UNMATCHED_RETRY_HOURS,
      ]);
      await auditCarrierOptOuts(client, result[0]?.opted_out ?? null, null, result[0]?.held ?? 0);
      return {
        taken: Number(result[0]?.taken ?? 0),
        matched: Number(result[0]?.matched ?? 0),
        changed: Number(result[0]?.changed ?? 0),
      };
      // Lost in a database crash, an application is simply done again: the receipts are durable and stay unapplied.
    },
    { relaxed: true },
  );
}

/** The administrators' mappings of the lot's statuses the built-in table does not know (none: no lock, no read). */
async function mappingsFor(client: pg.PoolClient, lot: { status: string }[]): Promise<Map<string, StatusMapping>> {
  const outside = lot.map((row) => row.status).filter((status) => builtInMapping(status) === null);
  return outside.length > 0 ? lockedMappings(client, outside) : new Map<string, StatusMapping>();
}

/**
 * What each of the lot's statuses means, as the statement looks it up for each receipt: the mapping (built-in, then the
 * administrators'), whether a message it reaches is noted as unmapped, and whether its receipts are counted on the
 * Receipts page (every status outside the built-in table that a primary key can hold).
 */
function statusTable(statuses: string[], mappings: ReadonlyMap<string, StatusMapping>) {
  return statuses.map((status) => {
    const mapped = mapDeliveryStatus(status, mappings);
    const tracked = status.length <= TRACKED_STATUS_LENGTH;
    return {
      status,
      state: mapped.state,
      final: mapped.final,
      failureClass: mapped.failureClass,
      unmapped: mapped.source === "unknown" && tracked,
      counted: mapped.source !== "built-in" && tracked,
    };
  });
}

/**
 * The applier's one statement for a lot of receipts ($1 the lot's ids, $2…$7 one entry per status of the lot, $8 the
 * hours an unmatched receipt is retried; see applyPendingReceipts):
 * match, link, take off the work list, apply the strongest receipt per message, and the effects of the changes.
 * Exported for the test that reads its plan (apply-plan.test.ts).
 */
export function applyStatement(): string {
  return `WITH r AS (
         -- The lot's receipts read here by their ids, each with its status's meaning (the k-th of $3…$7 for the k-th
         -- status of $2): they never travel to Node and back. Phones are stored in the 254… form
         -- (lib/receipts/store-receipts.ts). Looked up by position, not joined: PostgreSQL guesses a join with the
         -- status list to keep 1 receipt in 200, and planned the work list's DELETE and the receipts' UPDATE for 25
         -- rows, as 5,000 index probes that each tested the 5,000 ids of "= ANY($1)" (0.36 s a lot, each).
         SELECT rc.id AS rid, rc."accountId" AS account, rc."uniqueId" AS uid, rc.correlator AS corr, rc.phone,
                rc."deliveryStatus" AS status, ($3::text[])[k] AS state, ($4::bool[])[k] AS final,
                rc."deliveryAt" AS at, rc."receivedAt" AS received, ($5::text[])[k] AS class,
                ($6::bool[])[k] AS unmapped, ($7::bool[])[k] AS counted, rc."appliedAt" IS NULL AS first
         FROM "Receipt" rc CROSS JOIN LATERAL (SELECT array_position($2::text[], rc."deliveryStatus") AS k) s
         WHERE rc.id = ANY($1::bigint[])
       ),
       -- MATERIALIZED: computed once per receipt. Inlined into "matched", PostgreSQL copied the COALESCE into each
       -- place that reads cand and ran its lookups six times per receipt (docs/partitioning.md, "The applier's plan").
       -- by_phone: the match named the message's number (the first two lookups); only such a match may opt a number
       -- out (lib/receipts/failure-effects.ts). The lateral keeps each lookup run once (OFFSET 0: never pulled up).
       candidate AS MATERIALIZED (
         SELECT r.*, COALESCE(p.cand,
           -- The correlator alone (a receipt whose number is written differently).
           (SELECT m.id FROM "Message" m
             WHERE r.corr ~ '^[0-9]{1,18}$' AND m.id = r.corr::bigint
               AND (SELECT b."accountId" FROM "Batch" b WHERE b.id = m."batchId") = r.account)
         ) AS cand, p.cand IS NOT NULL AS by_phone
         FROM r CROSS JOIN LATERAL (SELECT COALESCE(
           -- Our correlator is the message id, and the number is that message's: the usual receipt, found in the one
           -- partition its id names (run-time pruning; the other weeks are never read).
           (SELECT m.id FROM "Message" m
             WHERE r.corr ~ '^[0-9]{1,18}$' AND m.id = r.corr::bigint AND m.phone = r.phone
               AND (SELECT b."accountId" FROM "Batch" b WHERE b.id = m."batchId") = r.account),
           -- uniqueId + phone, through the phone index of every week kept (a comma-separated send shares one
           -- correlator and one uniqueId among its numbers): only when the correlator did not name this number.
           (SELECT m.id FROM "Message" m
             WHERE m.phone = r.phone AND m."providerUniqueId" = r.uid
               AND (SELECT b."accountId" FROM "Batch" b WHERE b.id = m."batchId") = r.account LIMIT 1)
         ) AS cand OFFSET 0) p
       ),
       matched AS (
         -- A PENDING message may have a receipt only while its chunk is in flight (a receipt can beat the send's
         -- answer); one whose chunk was never claimed was never sent, so the receipt is not about it. The message is
         -- read by its id in a lateral subquery (LIMIT 1 keeps PostgreSQL from pulling it up into a join): as a join,
         -- PostgreSQL chose to hash all of "Message" for each lot (100,000 rows read per 5,000 receipts in the cost benchmark).
         SELECT c.*, CASE WHEN c.cand IS NULL OR NOT sent.ok THEN NULL ELSE c.cand END AS mid,
                CASE WHEN c.cand IS NULL THEN 'no_message' WHEN NOT sent.ok THEN 'not_sent' END AS why,
                COALESCE(sent.erased, false) AS erased
         FROM candidate c
         LEFT JOIN LATERAL (
           SELECT m.phone = '' AS erased, m.state <> ${messageState("PENDING")} OR COALESCE((
             SELECT dc.state <> ${chunkState("PENDING")} FROM "DispatchChunk" dc
             WHERE dc."batchId" = m."batchId" AND dc."lastMessageId" >= m.id
             ORDER BY dc."lastMessageId" LIMIT 1), false) AS ok
           FROM "Message" m WHERE m.id = c.cand LIMIT 1
         ) sent ON true
       ),
       linked AS (
         -- A receipt about an erased message (its phone emptied, lib/number-story/erase-number.ts) keeps no number.
         UPDATE "Receipt" rc SET "messageId" = matched.mid, "unmatchedReason" = matched.why,
           "appliedAt" = COALESCE(rc."appliedAt", now()),
           phone = CASE WHEN matched.erased THEN NULL ELSE rc.phone END,
           raw = CASE WHEN matched.erased THEN '{"erased":true}' ELSE rc.raw END
         -- "= ANY($1)" as well as the join: the same rows, but PostgreSQL then prunes partitions and reads the lot's
         -- receipts by key, where the join alone hashed the whole table (docs/partitioning.md, "The applier's plan").
         FROM matched WHERE rc.id = matched.rid AND rc.id = ANY($1::bigint[])
       ),
       done AS (
         -- Every row of the lot leaves the work list but those "later" keeps for another try: a matched receipt, one
         -- whose message was never sent, one unmatched for too long, and one whose receipt no longer exists (its
         -- week's partition dropped by retention: left on the list, it would be taken first, and found missing, in
         -- every lot for ever).
         DELETE FROM "ReceiptQueue" q
         WHERE q."receiptId" = ANY($1::bigint[])
           AND NOT EXISTS (SELECT 1 FROM matched WHERE matched.rid = q."receiptId" AND matched.why = 'no_message'
                             AND matched.received >= now() - make_interval(hours => $8))
       ),
       later AS (
         -- Not matched yet: try again later, backing off from 5 s to 10 minutes.
         UPDATE "ReceiptQueue" q SET attempts = q.attempts + 1,
           "retryAt" = now() + make_interval(secs => LEAST(600, 5 * power(2, LEAST(q.attempts, 10))))
         FROM matched
         WHERE q."receiptId" = matched.rid AND q."receiptId" = ANY($1::bigint[]) AND matched.why = 'no_message'
           AND matched.received >= now() - make_interval(hours => $8)
       ),
       best AS (
         -- The strongest receipt per message (final first, then the latest), with the earliest time the lot gives
         -- its status: copies of one receipt re-posted a second apart date it by the first.
         SELECT DISTINCT ON (mid) *, min(at) OVER (PARTITION BY mid, status) AS first_at
         FROM matched WHERE mid IS NOT NULL ORDER BY mid, final DESC, at DESC NULLS LAST, rid DESC
       ),
       changed AS (
         UPDATE "Message" m SET
           state = CASE WHEN best.final THEN best.state::"MessageState"
                        WHEN m.state IN ${messageStates(UNCONFIRMED_MESSAGE_STATES)} THEN ${messageState("QUEUED")}
                        ELSE m.state END,
           "failureClass" = CASE WHEN best.final THEN best.class ELSE m."failureClass" END,
           "deliveryStatus" = best.status,
           "receiptAt" = CASE WHEN m."receiptAt" IS NULL OR best.first_at > m."receiptAt" THEN best.first_at ELSE best.at END,
           "updatedAt" = now()
         FROM best
         WHERE m.id = best.mid
           -- An erased message keeps the state it had: a later receipt changes no total.
           AND m.phone <> ''
           AND (m."receiptAt" IS NULL OR best.at > m."receiptAt")
           AND (best.final OR m.state NOT IN ${messageStates(FINAL_MESSAGE_STATES)})
           -- A final receipt repeated later (the same status, as providers re-post): the message was delivered (or
           -- failed) when the first said so; moving its time would move its delay in the reports, without an event.
           AND NOT (best.final AND m.state = best.state::"MessageState" AND m."deliveryStatus" = best.status)
         -- trusted: matched with the number, and with the uniqueId once the provider gave the message one.
         RETURNING m.id, m.phone, m."batchId", best.status, m."failureClass" AS class, best.unmapped, m.state,
                   m."receiptAt" AS at, best.rid,
                   best.by_phone AND (m."providerUniqueId" IS NULL OR m."providerUniqueId" = best.uid) AS trusted
       ),
       unmapped AS (
         INSERT INTO "UnmappedStatusMessage" (status, "messageId")
         SELECT status, id FROM changed WHERE unmapped ORDER BY 1, 2
         ON CONFLICT DO NOTHING
       ),
       -- Statuses outside the built-in table, counted on the Receipts page the first time each receipt is applied,
       -- with the newest few receipts as examples.
       seen AS (
         INSERT INTO "ReceiptStatus" (status, receipts, "firstSeenAt", "lastSeenAt", "exampleReceiptIds")
         SELECT status, count(*)::int, now(), now(), (array_agg(rid ORDER BY rid DESC))[1:5]
         FROM r WHERE first AND counted GROUP BY status ORDER BY status
         ON CONFLICT (status) DO UPDATE SET receipts = "ReceiptStatus".receipts + EXCLUDED.receipts,
           "lastSeenAt" = EXCLUDED."lastSeenAt",
           "exampleReceiptIds" = (EXCLUDED."exampleReceiptIds" || "ReceiptStatus"."exampleReceiptIds")[1:5]
       ),${FAILURE_EFFECTS_CTES}
       SELECT (SELECT count(*) FROM r) AS taken, (SELECT count(*) FROM matched WHERE mid IS NOT NULL) AS matched,
              (SELECT count(*) FROM changed) AS changed,
              ${CARRIER_OPT_OUTS_JSON} AS opted_out, ${CARRIER_HELD_COUNT} AS held`;
}

/** The administrators' mappings of these statuses, read once no mapping of them can be under way. */
async function lockedMappings(client: pg.PoolClient, statuses: string[]): Promise<Map<string, StatusMapping>> {
  await client.query("SELECT pg_advisory_xact_lock_shared($1, 0)", [STATUS_MAPPING_LOCK_SPACE]);
  return readMappings(client, statuses);
}
