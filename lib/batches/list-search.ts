// Finding a batch's recipients by their list's cells (a name, a clinic): the list's rows as one text each,
// lower case with accents removed (tuma_search_text, migration list_columns), in ListSearchText under a trigram
// index, so "contains" is an index lookup even at a million rows (bench/list-search.ts). That text is written the
// first time a batch sent from the list is searched, in one statement in the background: writing it during the import
// would make storing a million rows many times slower, and most lists are never searched. Until it is there, the
// same search runs over the list's stored rows (slower, the same answers).
//
// A list is de-duplicated by phone, so a matching row's phone is the recipient's key in the batch (listMatchSql).
import "server-only";
import { pool } from "@/lib/db/pool";
import { logger } from "@/lib/log";

/** Advisory lock space of a list's search-text build (one at a time per list, whatever the processes). */
export const BUILD_LOCK_SPACE = 7_190_221;

/** The list a batch was sent from, and whether its search text is stored. */
export type BatchList = { listId: string; ready: boolean };

/** In one round trip (each one is felt under load): null for a batch of typed numbers or whose list was deleted. */
export async function batchList(batchId: string): Promise<BatchList | null> {
  const { rows } = await pool().query<BatchList>(
    `SELECT u.id AS "listId", u."searchTextAt" IS NOT NULL AS ready
     FROM "Batch" b JOIN "List" u ON u.id = b."listId" WHERE b.id = $1`,
    [batchId],
  );
  return rows[0] ?? null;
}

/** A LIKE pattern for `term` anywhere in the text: its own % _ and \ match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Up to `fewMatches` matching rows, their phones are looked up in the batch directly (Message's phone index). An
 * object so a test can take the other way with a small list. */
export const searchTuning = { fewMatches: 5_000 };

/**
 * The SQL condition "the message's phone is on a row of the list whose cells contain `term`", with its parameters
 * added through `param`. Through the index when the list's search text is stored, in one of two ways decided by
 * counting (the planner's guess at how many rows a "contains" matches is no guide): a term a few thousand rows match
 * hands their phones to Message's phone index; a common one walks the batch in id order and probes each recipient's
 * row by the primary key (listId, phone), stopping at a page's worth — a clinic an eighth of the list share needs
 * some 400 probes for a page of 50. Without the search text yet, over the list's rows (and the build is started).
 */
export async function listMatchSql(
  { listId, ready }: BatchList,
  term: string,
  param: (value: unknown) => string,
): Promise<string> {
  const pattern = containsPattern(term);
  if (!ready) {
    void buildSearchText(listId);
    return `m.phone IN (SELECT r.phone FROM "ListRecipient" r
                        WHERE r."listId" = ${param(listId)} AND tuma_search_text(r."values") LIKE tuma_search_text(${param(pattern)}))`;
  }
  const { rows: matches } = await pool().query<{ phone: string }>(
    `SELECT phone FROM "ListSearchText" WHERE "listId" = $1 AND text LIKE tuma_search_text($2) LIMIT $3`,
    [listId, pattern, searchTuning.fewMatches + 1],
  );
  if (matches.length <= searchTuning.fewMatches)
    return `m.phone = ANY(${param(matches.map((match) => match.phone))}::text[])`;
  return `EXISTS (SELECT 1 FROM "ListSearchText" s WHERE s."listId" = ${param(listId)} AND s.phone = m.phone
                    AND s.text LIKE tuma_search_text(${param(pattern)}))`;
}

/**
 * Stores the list's search text, once: skipped when another process is building it (the advisory lock) or it is
 * built. One transaction that first marks the upload (so a concurrent delete waits for it and then deletes the rows
 * it wrote: delete-upload.ts deletes them after the upload row), then writes every row's text.
 */
export async function buildSearchText(listId: string): Promise<void> {
  const client = await pool()
    .connect()
    .catch(() => null);
  if (!client) return; // the next search tries again
  let locked = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked`,
      [BUILD_LOCK_SPACE, listId],
    );
    locked = rows[0]!.locked;
    if (!locked) return;
    await client.query("BEGIN");
    const { rowCount } = await client.query(
      `UPDATE "List" SET "searchTextAt" = now() WHERE id = $1 AND state = 'READY' AND "searchTextAt" IS NULL`,
      [listId],
    );
    if (rowCount === 1) {
      // One cell a line: a term never matches across two cells.
      await client.query(
        `INSERT INTO "ListSearchText" ("listId", phone, text)
         SELECT r."listId", r.phone,
                tuma_search_text(array_to_string(ARRAY(SELECT json_array_elements_text(r."values"::json)), E'\\n'))
         FROM "ListRecipient" r WHERE r."listId" = $1`,
        [listId],
      );
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    logger().warn({ err: error, listId }, "storing a list's search text failed; searches read its rows meanwhile");
  } finally {
    if (locked)
      await client.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [BUILD_LOCK_SPACE, listId]).catch(() => {});
    client.release();
  }
}
