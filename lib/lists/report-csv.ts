// A list's import report groups as CSV downloads (invalid numbers with their reasons, duplicates with the row they
// repeat, opted-out numbers), streamed page by page in row order, each line the whole row as the file had it (every
// column, in file order) between its row number and what the report says about it, so the operator can fix the
// rows and upload them again. Values are the operator's own cells: to-csv.ts escapes any that a spreadsheet would
// run as a formula (=HYPERLINK(…) comes back as '=HYPERLINK(…)).
import "server-only";
import { z } from "zod";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { pool } from "@/lib/db/pool";

export const reportGroupSchema = z.enum(["invalid", "duplicates", "opted-out"]);
export type ReportGroup = z.infer<typeof reportGroupSchema>;

const KIND: Record<ReportGroup, string> = { invalid: "INVALID", duplicates: "DUPLICATE", "opted-out": "OPTED_OUT" };
/** The report's own columns around the row's: the row number first, what the report says last. */
const OURS: Record<ReportGroup, string[]> = {
  invalid: ["reason"],
  duplicates: ["repeats_row", "reason"],
  "opted-out": ["normalised_phone", "reason"],
};
const PAGE = 5_000;

type IssueRow = { rowNumber: number; value: string; reason: string; firstRow: number | null; values: string | null };

export function reportCsvStream(listId: string, group: ReportGroup): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let list: { columns: string[]; phoneIndex: number } | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!list) {
        const { rows } = await pool().query<{ columns: string[]; phoneColumn: string }>(
          `SELECT columns, "phoneColumn" FROM "List" WHERE id = $1`,
          [listId],
        );
        const columns = rows[0]?.columns ?? [];
        list = { columns, phoneIndex: Math.max(0, columns.indexOf(rows[0]?.phoneColumn ?? "")) };
        controller.enqueue(encoder.encode(csvHeader(reportHeader(columns, OURS[group]))));
      }
      const { rows } = await pool().query<IssueRow>(
        `SELECT "rowNumber", value, reason, "firstRow", "values" FROM "ListIssue"
         WHERE "listId" = $1 AND kind = $2::"ListIssueKind" AND "rowNumber" > $3 ORDER BY "rowNumber" LIMIT $4`,
        [listId, KIND[group], after, PAGE],
      );
      const { columns, phoneIndex } = list;
      const text = csvRows(
        rows.map((r) => {
          const ours = group === "invalid" ? [r.reason] : [group === "duplicates" ? r.firstRow : r.value, r.reason];
          return [r.rowNumber, ...cellsOf(r, columns.length, phoneIndex), ...ours];
        }),
      );
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < PAGE) controller.close();
      else after = rows.at(-1)!.rowNumber;
    },
  });
}

/** The row as the file had it; for a line reported before whole rows were kept, its phone cell in its place. */
function cellsOf(issue: IssueRow, width: number, phoneIndex: number): string[] {
  if (issue.values !== null) return JSON.parse(issue.values) as string[];
  const cells = new Array<string>(width).fill("");
  cells[phoneIndex] = issue.value;
  return cells;
}

/** "row", the list's columns in file order, then the report's; a report column whose name the list already uses is
 * told apart ("reason (report)"), so no header is read twice. */
export function reportHeader(columns: readonly string[], ours: readonly string[]): string[] {
  const taken = new Set(columns);
  const own = (name: string) => (taken.has(name) ? `${name} (report)` : name);
  return [own("row"), ...columns, ...ours.map(own)];
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
