// The boundary where lists grow, from below: a list of exactly a million rows is stored, and the rows past 999,999
// are reported by their numbers. Its own file (a million rows read and stored): it runs beside bad-uploads.test.ts
// and row-limit.test.ts rather than after them.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, numberedRows } from "@/test/upload-helpers";
import { importList } from "@/lib/lists/import-list";
import { MAX_UPLOAD_ROWS } from "./upload-limits";

const authorId = await author();

test("a million rows: row numbers past 999,999 are reported as they are (the last data row is row 1,000,001 under the header)", async () => {
  const result = await importList({
    body: numberedRows(MAX_UPLOAD_ROWS),
    declaredBytes: null,
    filename: "list.csv",
    authorId,
  });
  expect(result).toMatchObject({ rows: 1_000_000, valid: 999_998, duplicates: 1, invalid: 1 });
  const { rows } = await pool().query(
    `SELECT kind, "rowNumber", "firstRow" FROM "ListIssue" WHERE "listId" = $1 ORDER BY "rowNumber"`,
    [result.id],
  );
  expect(rows).toEqual([
    { kind: "DUPLICATE", rowNumber: 1_000_000, firstRow: 2 },
    { kind: "INVALID", rowNumber: 1_000_001, firstRow: null },
  ]);
  const { rows: last } = await pool().query(
    `SELECT max("rowNumber") AS max, count(*)::int AS n FROM "ListRecipient" WHERE "listId" = $1`,
    [result.id],
  );
  expect(last[0]).toEqual({ max: 999_999, n: 999_998 });
});
