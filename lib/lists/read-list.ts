// A saved list's recipients in row order, one slice at a time: keyset on the primary key (listId, rowNumber), so
// slice 100 of a 1,000,000-row list costs what slice 1 does and at most one slice is in memory.
import "server-only";
import { pool } from "@/lib/db/pool";

export const READ_SLICE = 10_000;

export type ListSlice = { rows: number[]; phones: string[]; values: string[][] };

export async function* readList(
  listId: string,
  options: { slice?: number; limit?: number } = {},
): AsyncGenerator<ListSlice> {
  const slice = options.slice ?? READ_SLICE;
  let left = options.limit ?? Infinity;
  let after = 0;
  while (left > 0) {
    const { rows } = await pool().query<{ rowNumber: number; phone: string; values: string }>(
      `SELECT "rowNumber", phone, "values" FROM "ListRecipient" WHERE "listId" = $1 AND "rowNumber" > $2 ORDER BY "rowNumber" LIMIT $3`,
      [listId, after, Math.min(slice, left)],
    );
    if (rows.length === 0) return;
    yield {
      rows: rows.map((row) => row.rowNumber),
      phones: rows.map((row) => row.phone),
      values: rows.map((row) => JSON.parse(row.values) as string[]),
    };
    after = rows.at(-1)!.rowNumber;
    left -= rows.length;
    if (rows.length < slice) return;
  }
}
