// A list's import report groups as CSV downloads (invalid numbers with their reasons, duplicates with the row they
// repeat, opted-out numbers), streamed page by page in row order. Values are the operator's own cells: to-csv.ts
// escapes any that a spreadsheet would run as a formula (=HYPERLINK(…) comes back as '=HYPERLINK(…)).
import "server-only";
import { z } from "zod";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { pool } from "@/lib/db/pool";

export const reportGroupSchema = z.enum(["invalid", "duplicates", "opted-out"]);
export type ReportGroup = z.infer<typeof reportGroupSchema>;

const KIND: Record<ReportGroup, string> = { invalid: "INVALID", duplicates: "DUPLICATE", "opted-out": "OPTED_OUT" };
const COLUMNS: Record<ReportGroup, string[]> = {
  invalid: ["row", "value", "reason"],
  duplicates: ["row", "value", "repeats_row", "reason"],
  "opted-out": ["row", "phone", "reason"],
};
const PAGE = 5_000;

export function reportCsvStream(listId: string, group: ReportGroup): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvHeader(COLUMNS[group])));
      }
      const { rows } = await pool().query<{
        rowNumber: number;
        value: string;
        reason: string;
        firstRow: number | null;
      }>(
        `SELECT "rowNumber", value, reason, "firstRow" FROM "ListIssue"
         WHERE "listId" = $1 AND kind = $2::"ListIssueKind" AND "rowNumber" > $3 ORDER BY "rowNumber" LIMIT $4`,
        [listId, KIND[group], after, PAGE],
      );
      const text = csvRows(
        rows.map((r) =>
          group === "duplicates" ? [r.rowNumber, r.value, r.firstRow, r.reason] : [r.rowNumber, r.value, r.reason],
        ),
      );
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < PAGE) controller.close();
      else after = rows.at(-1)!.rowNumber;
    },
  });
}

/** The first lines of each group, shown under the report. */
export async function reportSamples(
  listId: string,
  limit = 10,
): Promise<Record<ReportGroup, { row: number; value: string; reason: string }[]>> {
  const { rows } = await pool().query<{ kind: string; rowNumber: number; value: string; reason: string }>(
    `SELECT kind, "rowNumber", value, reason FROM (
       SELECT *, row_number() OVER (PARTITION BY kind ORDER BY "rowNumber") AS n FROM "ListIssue" WHERE "listId" = $1
     ) t WHERE n <= $2 ORDER BY kind, "rowNumber"`,
    [listId, limit],
  );
  const out: Record<ReportGroup, { row: number; value: string; reason: string }[]> = {
    invalid: [],
    duplicates: [],
    "opted-out": [],
  };
  for (const r of rows) {
    const group = (Object.keys(KIND) as ReportGroup[]).find((g) => KIND[g] === r.kind)!;
    out[group].push({ row: r.rowNumber, value: r.value, reason: r.reason });
  }
  return out;
}
