// Erasure (issue 38 item 5; Kenya's Data Protection Act, 2019, the right to deletion): an administrator forgets one
// number. First a dry run counts what will go, per kind, for the confirmation; then, with a reason, one transaction
// removes the number and its texts from every place Tuma holds them (docs/design.md §3 "Erasure"):
// - Message (every weekly partition, through the (phone) index of each, docs/partitioning.md): the phone becomes
//   '' (no real number is empty: numbers are stored in the 254… form), the text '' and the caller's metadata null.
//   The rows stay, with their states, units and times, so batch counters, reports and the Overview's totals (kept by
//   counters, never recounted) are unchanged; the receipts applier leaves a message with an empty phone alone
//   (lib/receipts/apply-receipts.ts), so a later receipt changes no total and keeps no number.
// - Receipt: the phone is cleared and the raw body replaced, for the receipts matched to the number's messages and
//   those that named it and matched nothing.
// - Batch: a name naming the number loses it; a batch sent to it alone loses its template (that person's text).
// - Escalation rows hold only message ids: the calls they point at are the number's own messages, scrubbed above.
// - ListRecipient, ListSearchText, ListIssue: the number's rows are deleted (a later batch from the list leaves it out).
// - OptOut, HeldOptOut, SentText (the duplicate guard's memory): the number's rows are deleted; with "never contact",
//   its keyed hash goes into NeverContact instead (lib/crypto/number-hash.ts), checked when a batch stores its
//   recipients (lib/batches/store-recipients.ts).
// - WebhookDelivery: a payload naming the number has it replaced, wherever it is in the JSON.
// The erasure's own audit entry names the number by its keyed hash, with the counts and the reason. Earlier audit
// entries that named it (an opt-out added or removed, a subject access download) stay: the audit log is append-only,
// enforced by a trigger (docs/design.md §3 "Erasure" says so).
import "server-only";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";
import { numberHash } from "@/lib/crypto/number-hash";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { formatCount } from "@/lib/numbers/format";

/** What replaces the number in stored JSON (receipts' raw bodies, webhook payloads). */
export const ERASED = "erased";

export type ErasureCounts = {
  messages: number;
  receiptsMatched: number;
  receiptsUnmatched: number;
  listRows: number;
  escalations: number;
  webhookDeliveries: number;
  optOut: number;
};

type Executor = Pick<pg.Pool | pg.PoolClient, "query">;

/** The number's messages: ids and provider ids, through the phone index of every partition. */
async function messageKeys(db: Executor, phone: string): Promise<{ ids: string[]; uids: string[] }> {
  const { rows } = await db.query<{ ids: string[] | null; uids: string[] | null }>(
    `SELECT array_agg(id::text) AS ids, array_agg("providerUniqueId") FILTER (WHERE "providerUniqueId" IS NOT NULL) AS uids
     FROM "Message" WHERE phone = $1`,
    [phone],
  );
  return { ids: rows[0]?.ids ?? [], uids: rows[0]?.uids ?? [] };
}

/**
 * The receipts about the number: by correlator (the message id) and uniqueId through their indexes, kept when they
 * name the number or were matched to one of its messages, and the unmatched ones naming it (the partial phone index).
 */
const RECEIPTS = `FROM "Receipt" WHERE (
    (correlator = ANY($2::text[]) OR "uniqueId" = ANY($3::text[])) AND (phone = $1 OR "messageId" = ANY($2::bigint[]))
    OR (phone = $1 AND "unmatchedReason" IS NOT NULL))`;

/**
 * Webhook deliveries have no index by number, nor have list rows, import-report lines or the duplicate guard's memory:
 * erasure reads those tables in full (an administrator's rare action; an index would slow every import and send).
 */
const NAMES_IT = `strpos(payload::text, $1) > 0`;

async function count(db: Executor, phone: string): Promise<ErasureCounts> {
  const { ids, uids } = await messageKeys(db, phone);
  const { rows } = await db.query<Omit<ErasureCounts, "messages">>(
    `SELECT (SELECT count(*) FILTER (WHERE "messageId" IS NOT NULL) ${RECEIPTS})::int AS "receiptsMatched",
            (SELECT count(*) FILTER (WHERE "messageId" IS NULL) ${RECEIPTS})::int AS "receiptsUnmatched",
            (SELECT count(*) FROM "ListRecipient" WHERE phone = $1)::int AS "listRows",
            (SELECT count(*) FROM "Escalation"
              WHERE "parentMessageId" = ANY($2::bigint[]) OR "childMessageId" = ANY($2::bigint[]))::int AS escalations,
            (SELECT count(*) FROM "WebhookDelivery" WHERE ${NAMES_IT})::int AS "webhookDeliveries",
            ((SELECT count(*) FROM "OptOut" WHERE phone = $1) + (SELECT count(*) FROM "HeldOptOut" WHERE phone = $1))::int
              AS "optOut"`,
    [phone, ids, uids],
  );
  return { messages: ids.length, ...rows[0]! };
}

/** The dry run: what erasing the number would remove, per kind. */
export function erasureCounts(phone: string): Promise<ErasureCounts> {
  return count(pool(), phone);
}

/** Forgets the number in one transaction; returns what went. The audit entry never names it in clear. */
export async function eraseNumber(
  phone: string,
  options: { actorId: string; reason: string; neverContact: boolean },
): Promise<ErasureCounts> {
  const hash = numberHash(phone);
  return transaction(async (client) => {
    // One erasure of a number at a time (a double click): the second finds nothing left and counts zero.
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [ADVISORY_LOCKS.ERASE_NUMBER, phone]);
    const counts = await count(client, phone);
    const { ids, uids } = await messageKeys(client, phone);
    await client.query(`UPDATE "Receipt" SET phone = NULL, raw = $4 ${RECEIPTS.replace('FROM "Receipt"', "")}`, [
      phone,
      ids,
      uids,
      JSON.stringify({ [ERASED]: true }),
    ]);
    const { rows: batches } = await client.query<{ batchId: string }>(
      `UPDATE "Message" SET phone = '', text = '', metadata = NULL, "updatedAt" = now() WHERE phone = $1
       RETURNING "batchId"`,
      [phone],
    );
    // The batches it was in: a name that carries the number (the API's single send names its batch "API message to
    // 0712…", in the form the caller wrote) loses it, and a batch sent to nobody else loses its template and call
    // script too (a batch of one's template is that person's text).
    await client.query(
      `UPDATE "Batch" b SET name = regexp_replace(b.name, $2, 'an erased number', 'g'),
              "templateText" = CASE WHEN alone THEN '' ELSE b."templateText" END,
              "escalationText" = CASE WHEN alone THEN NULL ELSE b."escalationText" END
       FROM (SELECT id, NOT EXISTS (SELECT 1 FROM "Message" m WHERE m."batchId" = x.id AND m.phone <> '') AS alone
             FROM unnest($1::uuid[]) AS x(id)) o
       WHERE b.id = o.id AND (o.alone OR b.name ~ $2)`,
      [[...new Set(batches.map((b) => b.batchId))], `(\\+?254|0)?${phone.slice(3)}`],
    );
    // The opt-out goes first: its trigger (prisma/migrations/20261128063527_list_opted_out_live) takes the number out
    // of each list's opted-out count and "Opted out" group, which it finds through the list rows deleted next.
    await client.query(`DELETE FROM "OptOut" WHERE phone = $1`, [phone]);
    // The list rows go, and each list's count of valid rows with them (what a batch from the list would send).
    await client.query(
      `WITH gone AS (DELETE FROM "ListRecipient" WHERE phone = $1 RETURNING "listId"),
            counted AS (SELECT "listId", count(*)::int AS n FROM gone GROUP BY "listId")
       UPDATE "List" l SET "validCount" = GREATEST(0, l."validCount" - counted.n) FROM counted WHERE l.id = counted."listId"`,
      [phone],
    );
    await client.query(`DELETE FROM "ListSearchText" WHERE phone = $1`, [phone]);
    await client.query(`DELETE FROM "ListIssue" WHERE value = $1`, [phone]);
    await client.query(`DELETE FROM "SentText" WHERE phone = $1`, [phone]);
    await client.query(`DELETE FROM "HeldOptOut" WHERE phone = $1`, [phone]);
    await client.query(
      `UPDATE "WebhookDelivery" SET payload = replace(payload::text, $1, $2)::jsonb WHERE ${NAMES_IT}`,
      [phone, ERASED],
    );
    if (options.neverContact)
      await client.query(`INSERT INTO "NeverContact" (hash) VALUES ($1) ON CONFLICT DO NOTHING`, [hash]);
    await recordAudit(
      {
        actorId: options.actorId,
        action: "number.erase",
        targetType: "Number",
        targetId: `sha256:${hash.toString("hex").slice(0, 16)}`,
        detail: { ...counts, reason: options.reason, neverContact: options.neverContact },
      },
      client,
    );
    return counts;
  });
}

/** The confirmation's list of what goes, per kind: "2 messages, 1 matched receipt, …". */
export function erasureSentence(c: ErasureCounts): string {
  const many = (n: number, one: string, other: string) => `${formatCount(n)} ${n === 1 ? one : other}`;
  const parts = [
    many(c.messages, "message with its text", "messages with their texts"),
    many(c.receiptsMatched, "receipt about them", "receipts about them"),
    many(c.receiptsUnmatched, "unmatched receipt naming it", "unmatched receipts naming it"),
    many(c.listRows, "list row", "list rows"),
    many(c.escalations, "escalation call record", "escalation call records"),
    many(c.webhookDeliveries, "webhook delivery naming it", "webhook deliveries naming it"),
    c.optOut ? "its opt-out" : "no opt-out",
  ];
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
