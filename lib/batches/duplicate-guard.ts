// The duplicate-send guard: a recipient who was sent the same rendered text (by hash, lib/batches/text-hash.ts) from
// this console within the organisation's window (24 h unless an administrator changes it) is left out of a new batch
// unless the operator includes them with a reason. Its memory is "SentText", one row per (text hash, number) with the
// last time it was sent, written as a batch stores its recipients and pruned past the window
// (lib/dispatch/chores/prune-sent-texts.ts): the check reads that small table by its primary key, never "Message".
// A number counts in its stored 254… form, so 07… and 2547… are the same recipient.
import "server-only";
import type pg from "pg";
import { arrayLiteral } from "@/lib/db/array-literal";
import { pool } from "@/lib/db/pool";
import type { CompiledTemplate } from "@/lib/recipients/render-template";
import { textHash, textHashSql } from "./text-hash";

/** The window when an administrator has chosen none (lib/organisation/set-duplicate-window.ts bounds a choice). */
export const DEFAULT_DUPLICATE_WINDOW_HOURS = 24;
/** Rows deleted per pruning run. */
export const PRUNE_SLICE = 50_000;

type Query = Pick<pg.Pool | pg.PoolClient, "query">;
/** A list row sent its text within the window, and the batch that last sent it. */
export type SentRow = { row: number; phone: string; batchId: string };
/**
 * Only the list's rows whose cell in `column` (as written, "" when missing) is one of `values` — or, `except`, none of
 * them: one language's rows of a list batch in several languages (list-duplicates-in-languages.ts).
 */
export type RowsByValue = { column: number; values: readonly string[]; except: boolean };

/** The condition on a list row's values (`v`, as json) for `only`, its two parameters added by `param`. */
function rowsByValueSql(v: string, only: RowsByValue | undefined, param: (value: unknown) => string): string {
  if (!only) return "TRUE";
  const cell = `coalesce(${v} ->> ${param(only.column)}::int, '')`;
  return only.except
    ? `NOT (${cell} = ANY(${param(only.values)}::text[]))`
    : `${cell} = ANY(${param(only.values)}::text[])`;
}

export async function duplicateWindowHours(db: Query = pool()): Promise<number> {
  const { rows } = await db.query<{ hours: number }>(
    `SELECT "duplicateWindowHours" AS hours FROM "Organisation" WHERE id = 1`,
  );
  return rows[0]?.hours ?? DEFAULT_DUPLICATE_WINDOW_HOURS;
}

/**
 * The start of the window ending at `now`, exclusive: a text sent exactly `hours` ago is outside it (the window is
 * (now − hours, now]).
 */
export function windowStart(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * 3_600_000);
}

/** Of these recipients (numbers in the 254… form, each with the text it would get), the indexes sent that text since `since`. */
export async function recentlySent(
  phones: readonly string[],
  texts: readonly string[],
  since: Date,
  db: Query = pool(),
): Promise<number[]> {
  return (await recentlySentBy(phones, texts, since, db)).map((found) => found.i);
}

/** As recentlySent, with the batch that last sent each its text (Compose says who of them never got it). */
export async function recentlySentBy(
  phones: readonly string[],
  texts: readonly string[],
  since: Date,
  db: Query = pool(),
): Promise<{ i: number; batchId: string }[]> {
  if (phones.length === 0) return [];
  const { rows } = await db.query<{ i: number; batchId: string }>(
    `SELECT c.i::int AS i, s."batchId"
     FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS c(phone, hash, i)
     JOIN "SentText" s ON s."textHash" = c.hash AND s.phone = c.phone
     WHERE s."sentAt" > $3`,
    [phones, hashAll(texts), since],
  );
  return rows.map((row) => ({ i: row.i - 1, batchId: row.batchId }));
}

/**
 * The rows of a saved list sent `text` (the same for every row) since `since`: the few numbers sent that text, found
 * by the primary key's hash prefix, joined to the list — one pass over the list's rows, no message history.
 */
export async function listRowsSent(
  listId: string,
  text: string,
  since: Date,
  db: Query = pool(),
  only?: RowsByValue,
): Promise<SentRow[]> {
  const values: unknown[] = [listId, textHash(text), since];
  const param = (value: unknown) => `$${values.push(value)}`;
  const { rows } = await db.query<SentRow>(
    `SELECT r."rowNumber" AS row, r.phone, s."batchId"
     FROM "SentText" s JOIN "ListRecipient" r ON r.phone = s.phone AND r."listId" = $1
     WHERE s."textHash" = $2 AND s."sentAt" > $3 AND ${rowsByValueSql(`r."values"::json`, only, param)}
     ORDER BY r."rowNumber"`,
    values,
  );
  return rows;
}

/**
 * The rows of a saved list whose own rendered text (a personalised template) was sent to their number since `since`:
 * rendered and hashed by PostgreSQL from each row's values (the template's literals and columns, as
 * lib/recipients/render-template.ts renders them) in one statement, joined to "SentText" by its key.
 */
export async function listRowsSentPersonalised(
  listId: string,
  compiled: CompiledTemplate,
  since: Date,
  db: Query = pool(),
  only?: RowsByValue,
): Promise<SentRow[]> {
  // $1 list, $2 since, then the literals: concat(lit0, value of column c0, lit1, …). A missing value is "".
  const values: unknown[] = [listId, since, ...compiled.literals];
  const param = (value: unknown) => `$${values.push(value)}`;
  const parts: string[] = ["$3::text"];
  compiled.columns.forEach((column, i) => parts.push(`coalesce(v ->> ${column}, '')`, `$${i + 4}::text`));
  const { rows } = await db.query<SentRow>(
    `SELECT r.row, r.phone, s."batchId"
     FROM (SELECT "rowNumber" AS row, phone, ${textHashSql(`concat(${parts.join(", ")})`)} AS hash
           FROM (SELECT "rowNumber", phone, "values"::json AS v FROM "ListRecipient" WHERE "listId" = $1) AS l
           WHERE ${rowsByValueSql("v", only, param)}) AS r
     JOIN "SentText" s ON s."textHash" = r.hash AND s.phone = r.phone
     WHERE s."sentAt" > $2
     ORDER BY r.row`,
    values,
  );
  return rows;
}

/** Remembers what a slice of a batch was sent (numbers and rendered texts), as of `sentAt`. */
export async function rememberSent(
  client: Query,
  batchId: string,
  phones: readonly string[],
  texts: readonly string[],
  sentAt: Date,
): Promise<void> {
  if (phones.length === 0) return;
  // One row per (hash, number) in a statement: ON CONFLICT cannot touch the same row twice in one command.
  const seen = new Map<string, number>();
  const hashes: string[] = [];
  const kept: string[] = [];
  const all = hashAll(texts);
  for (let i = 0; i < phones.length; i++) {
    const hash = all[i]!;
    const key = `${hash}:${phones[i]}`;
    if (seen.has(key)) continue;
    seen.set(key, i);
    hashes.push(hash);
    kept.push(phones[i]!);
  }
  await client.query(
    `INSERT INTO "SentText" ("textHash", phone, "sentAt", "batchId")
     SELECT h, p, $3, $4 FROM unnest($1::bigint[], $2::text[]) AS t(h, p)
     ON CONFLICT ("textHash", phone) DO UPDATE SET "sentAt" = greatest("SentText"."sentAt", EXCLUDED."sentAt"),
       "batchId" = CASE WHEN EXCLUDED."sentAt" >= "SentText"."sentAt" THEN EXCLUDED."batchId" ELSE "SentText"."batchId" END`,
    // As array literals (array-literal.ts): node-postgres's own escaping of 100,000 elements was a tenth of storing's
    // JavaScript time (bench/storing.ts under --cpu-prof).
    [arrayLiteral(hashes), arrayLiteral(kept), sentAt, batchId],
  );
}

/** Each text's hash, each distinct text hashed once (a batch's texts are mostly its one template). */
function hashAll(texts: readonly string[]): string[] {
  const known = new Map<string, string>();
  return texts.map((text) => {
    let hash = known.get(text);
    if (hash === undefined) {
      hash = textHash(text);
      if (known.size < 10_000) known.set(text, hash);
    }
    return hash;
  });
}

/** Forgets what is older than the window (and never less than the default window). Returns how many rows went. */
export async function pruneSentTexts(now: Date, db: Query = pool()): Promise<number> {
  const hours = Math.max(await duplicateWindowHours(db), DEFAULT_DUPLICATE_WINDOW_HOURS);
  const result = await db.query(
    `DELETE FROM "SentText" WHERE ctid = ANY(ARRAY(SELECT ctid FROM "SentText" WHERE "sentAt" <= $1 LIMIT $2))`,
    [windowStart(now, hours), PRUNE_SLICE],
  );
  return result.rowCount ?? 0;
}
