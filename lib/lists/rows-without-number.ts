// How many of a list's rows have no number at all (an empty phone cell): counted among the upload's invalid rows, but
// Compose's review says them apart — "1,981 rows with a number, 19 without" (issue 35), not "2,000 rows with a number".
// Read from the upload's report lines (ListIssue, by its key's list and kind prefix): only the invalid rows are read.
import "server-only";
import { pool } from "@/lib/db/pool";

export async function rowsWithoutNumber(listIds: readonly string[]): Promise<Map<string, number>> {
  if (listIds.length === 0) return new Map();
  const { rows } = await pool().query<{ listId: string; n: number }>(
    `SELECT "listId", count(*)::int AS n FROM "ListIssue"
     WHERE "listId" = ANY($1::uuid[]) AND kind = 'INVALID' AND btrim(value) = ''
     GROUP BY "listId"`,
    [listIds],
  );
  return new Map(rows.map((row) => [row.listId, row.n]));
}
