// SMS → voice escalation, the worker's side (docs/escalation.md). Chunks whose deadline (DispatchChunk.escalateAt)
// has passed are taken a lot at a time through their index — never a scan of the message history — and, in one
// transaction: the SMS batch's child voice batch is created if it has none yet (one per parent: a unique key), each
// escalatable SMS of those chunks gets one call (Escalation's primary key: a crash, a retry or a second worker
// inserts nothing twice), the calls get their dispatch chunks, and the chunks' deadlines are cleared. A parent that
// is paused waits (its chunks stay due); one cancelled or failed, or whose calls were cancelled, calls no one.
import "server-only";
import type pg from "pg";
import { batchState, batchStates, messageState } from "@/lib/states/state-sql";
import { transaction } from "@/lib/db/transaction";
import { BATCH_LIMIT } from "@/lib/provider/wire/schemas";
import { escalatableSql } from "./escalatable-sql";

/** Chunks looked at per transaction (up to 100 SMS each). */
export const ESCALATE_LOT = 200;

/** Parents whose due SMS may be called: sending, or done sending with calls still due. */
const CALLING_PARENT = batchStates(["SENDING", "COMPLETED"]);

/** Children that still take calls: an operator who cancelled the calls (or a finished child) gets no more. */
const TAKING_CALLS = batchStates(["SENDING", "PAUSED"]);

export type EscalationRun = { chunks: number; calls: number };

export async function escalateDue(lot = ESCALATE_LOT): Promise<EscalationRun> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT c.id::text FROM "DispatchChunk" c
       WHERE c."escalateAt" <= now()
         AND NOT EXISTS (SELECT 1 FROM "Batch" p WHERE p.id = c."batchId" AND p.state = ${batchState("PAUSED")})
       ORDER BY c."escalateAt" LIMIT $1
       FOR UPDATE OF c SKIP LOCKED`,
      [lot],
    );
    if (rows.length === 0) return { chunks: 0, calls: 0 };
    const chunkIds = rows.map((row) => row.id);
    await createChildren(client, chunkIds);
    const calls = await insertCalls(client, chunkIds);
    await client.query(`UPDATE "DispatchChunk" SET "escalateAt" = NULL WHERE id = ANY($1::bigint[])`, [chunkIds]);
    return { chunks: chunkIds.length, calls };
  });
}

/** Chunks' messages that may be called, as `m` with their parent batch `p` (a FROM … WHERE fragment). */
const candidatesSql = (joins = "") => `"DispatchChunk" c
  JOIN "Batch" p ON p.id = c."batchId"
  JOIN "Message" m ON m."batchId" = c."batchId" AND m.id BETWEEN c."firstMessageId" AND c."lastMessageId"${joins}
  WHERE c.id = ANY($1::bigint[]) AND p.state IN ${CALLING_PARENT} AND p."escalateAfterMinutes" IS NOT NULL
    AND ${escalatableSql("m")}`;

/**
 * The child voice batch of each parent with someone to call, unless it has one (created once, whoever races). A
 * parent's language variants (issue 39, lib/batches/variants.ts) become the calls': each read in its own language —
 * the variant's code, when the account's language field allows it — from that language's script, or its SMS text.
 */
async function createChildren(client: pg.PoolClient, chunkIds: string[]): Promise<void> {
  await client.query(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "authorId", "templateText", originator, voice, repeat, state,
                          "recipientCount", "startedAt", "updatedAt", promotional, "escalatesBatchId", "listId", variants)
     SELECT gen_random_uuid(), 'VOICE', left(p.name, 190) || ' (calls)', p."accountId", p."authorId",
            COALESCE(p."escalationText", p."templateText"), a."defaultOriginator", p."escalationVoice",
            p."escalationRepeat", ${batchState("SENDING")}, 0, now(), now(), p.promotional, p.id, p."listId",
            (SELECT jsonb_agg(jsonb_build_object('language', v->>'language',
                      'text', COALESCE(v->>'escalationText', v->>'text'),
                      'voiceLanguage', CASE WHEN a."languageField" IS NOT NULL AND v->>'language' = ANY(a.languages)
                                            THEN v->>'language' END))
             FROM jsonb_array_elements(p.variants) v)
     FROM "Batch" p JOIN "ProviderAccount" a ON a.id = p."accountId"
     WHERE p.id IN (SELECT DISTINCT p.id FROM ${candidatesSql()})
       AND NOT EXISTS (SELECT 1 FROM "Batch" ch WHERE ch."escalatesBatchId" = p.id)
     ON CONFLICT ("escalatesBatchId") DO NOTHING`,
    [chunkIds],
  );
}

/** One call per escalatable SMS not called before, in its parent's child (if that still takes calls). */
async function insertCalls(client: pg.PoolClient, chunkIds: string[]): Promise<number> {
  const { rows } = await client.query<{ calls: number }>(
    `WITH candidates AS MATERIALIZED (
       -- A recipient with a language is called with its variant's script, or else their own SMS text (their language's).
       SELECT m.id AS sms_id, m.phone, m."listRow", m.language,
              CASE WHEN m.language IS NOT NULL
                     THEN COALESCE((SELECT v->>'escalationText' FROM jsonb_array_elements(p.variants) v
                                    WHERE v->>'language' = m.language), m.text)
                   WHEN p."escalationText" IS NULL THEN m.text END AS text, ch.id AS child_id,
              GREATEST(1, LEAST(a."batchSizeLimit", ${BATCH_LIMIT})) AS chunk_size
       FROM ${candidatesSql(`
         JOIN "Batch" ch ON ch."escalatesBatchId" = p.id AND ch.state IN ${TAKING_CALLS}
         JOIN "ProviderAccount" a ON a.id = ch."accountId"`)}
         AND NOT EXISTS (SELECT 1 FROM "Escalation" e WHERE e."parentMessageId" = m.id)
     ),
     numbered AS MATERIALIZED (
       SELECT c.*, nextval('"Message_id_seq"') AS call_id
       FROM (SELECT * FROM candidates ORDER BY sms_id) c
     ),
     escalated AS (
       -- The at-most-once guarantee: a second insert for the same SMS (another worker, a retry) does nothing.
       INSERT INTO "Escalation" ("parentMessageId", "childMessageId", "childBatchId")
       SELECT sms_id, call_id, child_id FROM numbered
       ON CONFLICT ("parentMessageId") DO NOTHING
       RETURNING "parentMessageId", "childMessageId", "childBatchId"
     ),
     calls AS (
       INSERT INTO "Message" (id, "batchId", phone, text, state, "listRow", language, "updatedAt")
       SELECT e."childMessageId", e."childBatchId", n.phone, n.text, ${messageState("PENDING")}, n."listRow", n.language,
              now()
       FROM escalated e JOIN numbered n ON n.sms_id = e."parentMessageId"
       RETURNING id, "batchId"
     ),
     grouped AS (
       SELECT calls."batchId", calls.id,
              (row_number() OVER (PARTITION BY calls."batchId" ORDER BY calls.id) - 1) / n.chunk_size AS g
       FROM calls JOIN numbered n ON n.call_id = calls.id
     ),
     chunks AS (
       INSERT INTO "DispatchChunk" ("batchId", "firstMessageId", "lastMessageId", size)
       SELECT "batchId", min(id), max(id), count(*) FROM grouped GROUP BY "batchId", g
     ),
     counted AS (
       UPDATE "Batch" b SET "recipientCount" = b."recipientCount" + n.n, "updatedAt" = now(),
         "firstMessageId" = LEAST(b."firstMessageId", n.first)
       FROM (SELECT "batchId", count(*)::int AS n, min(id) AS first FROM calls GROUP BY 1) n WHERE b.id = n."batchId"
     )
     SELECT count(*)::int AS calls FROM calls`,
    [chunkIds],
  );
  return rows[0]?.calls ?? 0;
}
