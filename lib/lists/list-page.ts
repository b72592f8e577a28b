// One page of a saved list's recipients for its page (/lists/[id]): keyset on the primary key (listId, rowNumber)
// in either direction — after a row (Next), before a row (Previous), the first or the last page — so the last page
// of a million rows costs what the first does. Row numbers are the file's own (the header is row 1; invalid and
// repeated rows leave gaps).
import "server-only";
import { z } from "zod";
import { pool } from "@/lib/db/pool";

export const LIST_PAGE_SIZE = 50;

/** Where a page starts, from the URL: ?after=N, ?before=N, ?page=last, or nothing (the first page). */
export const listPageQuery = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: z.literal("last").optional(),
});
export type ListPageQuery = z.infer<typeof listPageQuery>;

export type ListRow = { row: number; phone: string; values: string[] };
export type ListPage = { rows: ListRow[]; hasPrevious: boolean; hasNext: boolean };

export async function listPage(listId: string, at: ListPageQuery, size = LIST_PAGE_SIZE): Promise<ListPage> {
  // Backwards (Previous, Last): the rows below the bound, newest first, then turned round.
  const backwards = at.before !== undefined || (at.after === undefined && at.page === "last");
  const { rows } = await pool().query<{ rowNumber: number; phone: string; values: string }>(
    backwards
      ? `SELECT "rowNumber", phone, "values" FROM "ListRecipient"
         WHERE "listId" = $1 AND "rowNumber" < $2 ORDER BY "rowNumber" DESC LIMIT $3`
      : `SELECT "rowNumber", phone, "values" FROM "ListRecipient"
         WHERE "listId" = $1 AND "rowNumber" > $2 ORDER BY "rowNumber" LIMIT $3`,
    [listId, backwards ? (at.before ?? 2_147_483_647) : (at.after ?? 0), size + 1],
  );
  // The extra row says whether there is more in the direction read; the other direction is one index probe.
  const more = rows.length > size;
  const page = rows.slice(0, size).map((r) => ({ row: r.rowNumber, phone: r.phone, values: parse(r.values) }));
  if (backwards) page.reverse();
  // Past either end (a stale or hand-made link): nothing here, and the way back when there are rows that way.
  if (page.length === 0)
    return backwards
      ? { rows: [], hasPrevious: false, hasNext: await exists(listId, `"rowNumber" > $2`, (at.before ?? 1) - 1) }
      : { rows: [], hasPrevious: await exists(listId, `"rowNumber" < $2`, (at.after ?? 0) + 1), hasNext: false };
  const other = backwards
    ? await exists(listId, `"rowNumber" > $2`, page.at(-1)!.row)
    : await exists(listId, `"rowNumber" < $2`, page[0]!.row);
  return backwards
    ? { rows: page, hasPrevious: more, hasNext: other }
    : { rows: page, hasPrevious: other, hasNext: more };
}

async function exists(listId: string, condition: string, row: number): Promise<boolean> {
  const { rows } = await pool().query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "ListRecipient" WHERE "listId" = $1 AND ${condition}) AS found`,
    [listId, row],
  );
  return rows[0]!.found;
}

function parse(values: string): string[] {
  const parsed: unknown = JSON.parse(values);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}
