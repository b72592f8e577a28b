// The rows of an XLSX workbook, read with exceljs's streaming parser (a sheet's rows are never all in memory) from our
// own reading of the zip (xlsx-workbook.ts, xlsx-zip.ts: only the parts needed, each inflated under a cap): the first
// worksheet, in tab order, that has any value is the list (the report names it when the workbook has several, and
// the sheets after it are never read), every cell as text (cell-text.ts: formulas give their cached result), and a
// merged range's value repeated in every cell it covers (a "Region" merged down ten rows personalises all ten).
// Every row read, blank or not, goes through the list's row limits (row-limits.ts).
import type ExcelJS from "exceljs";
import { AppError } from "@/lib/errors/app-error";
import { cellText } from "./cell-text";
import type { RowBatch } from "@/lib/list-files/row-batch";
import type { RowLimits } from "@/lib/list-files/row-limits";
import { MAX_COLUMNS } from "@/lib/list-files/upload-limits";
import { readMergedRanges, type MergedRange } from "./xlsx-merges";
import { zipWithoutWorkbook } from "@/lib/list-files/not-a-list";
import { XlsxWorkbook } from "./xlsx-workbook";
import { NOT_A_WORKBOOK, XlsxZip } from "./xlsx-zip";
import { formatCount } from "@/lib/numbers/format";

export type SheetChoice = { used: string; sheets: string[] };

const BATCH = 1_000;

/** Yields rows in batches, with their row numbers; `onSheet` learns which sheet was read once the list is read. */
export async function* xlsxRows(
  file: string,
  limits: RowLimits,
  onSheet: (choice: SheetChoice) => void,
): AsyncGenerator<RowBatch> {
  try {
    yield* readRows(file, limits, onSheet);
  } catch (error) {
    // Nothing here but the file can fail (no database, no network): exceljs's XML errors mean a damaged workbook.
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
  }
}

async function* readRows(
  file: string,
  limits: RowLimits,
  onSheet: (choice: SheetChoice) => void,
): AsyncGenerator<RowBatch> {
  const zip = await XlsxZip.open(file);
  // A zip with no workbook part: a Word document, an OpenDocument file, an archive… named as such, never "empty".
  if (!zip.paths().some((path) => path.startsWith("xl/")))
    throw new AppError("INVALID_INPUT", zipWithoutWorkbook(zip.paths()));
  const workbook = await XlsxWorkbook.open(zip);
  let chosen: string | null = null;
  for (const sheet of workbook.sheets) {
    const fill = mergeFiller(await readMergedRanges(workbook.sheetXml(sheet), sheet.name));
    let batch: RowBatch = { numbers: [], rows: [] };
    for await (const row of workbook.rows(sheet)) {
      const values = rowValues(row);
      fill(row.number, values);
      if (limits.measure(values, row.number) === 0) continue;
      chosen ??= sheet.name;
      batch.numbers.push(row.number);
      batch.rows.push(values);
      if (batch.rows.length >= BATCH) {
        yield batch;
        batch = { numbers: [], rows: [] };
      }
    }
    if (batch.rows.length) yield batch;
    if (chosen !== null) break;
  }
  onSheet({ used: chosen ?? workbook.sheets[0]?.name ?? "", sheets: workbook.sheets.map((sheet) => sheet.name) });
}

/**
 * A row's cells as text, as wide as its last cell with a value. The width is checked before the array is made: a cell
 * at column XFD makes no 16,384-cell row, only the refusal.
 */
function rowValues(row: ExcelJS.Row): string[] {
  const cells: [number, unknown][] = [];
  let width = 0;
  row.eachCell((cell, column) => {
    cells.push([column, cell.value]);
    if (column > width) width = column;
  });
  if (width > MAX_COLUMNS) {
    // The refusal names the columns that hold values, as the CSV reader's does.
    throw new AppError(
      "TOO_LARGE",
      `Row ${formatCount(row.number)} has a value in column ${formatCount(width)}; a list may have at most ${MAX_COLUMNS} columns. Keep the phone column and the columns your messages use, and upload again.`,
    );
  }
  const values = new Array<string>(width).fill("");
  for (const [column, value] of cells) values[column - 1] = cellText(value);
  return values;
}

/**
 * Copies a merged range's top-left value into the rows below it that the range covers ("Region" merged down ten
 * rows). A range within one row is left alone: that is typography — a title across the columns above the header —
 * and copying it would make the title look like a header. Rows arrive in order, so a range is active from its top
 * row to its bottom row. Ranges of one sheet never overlap, so those active on a row cover at most MAX_COLUMNS
 * cells of it; more means overlapping ranges, which would multiply the work per row, and is refused.
 */
function mergeFiller(ranges: MergedRange[]): (rowNumber: number, values: string[]) => void {
  const sorted = ranges.filter((range) => range.bottom > range.top).sort((a, b) => a.top - b.top);
  if (sorted.length === 0) return () => {};
  const masters = new Map<MergedRange, string>();
  let next = 0;
  let active: MergedRange[] = [];
  return (rowNumber, values) => {
    while (next < sorted.length && sorted[next]!.top <= rowNumber) active.push(sorted[next++]!);
    active = active.filter((range) => range.bottom >= rowNumber);
    let covered = 0;
    for (const range of active) covered += range.right - range.left + 1;
    if (covered > MAX_COLUMNS)
      throw new AppError(
        "INVALID_INPUT",
        `Merged ranges overlap on row ${formatCount(rowNumber)}: the workbook is damaged or was not written by a spreadsheet program. Unmerge the cells and upload again.`,
      );
    for (const range of active) {
      if (range.top === rowNumber) {
        masters.set(range, values[range.left - 1] ?? "");
        continue;
      }
      const master = masters.get(range) ?? "";
      for (let col = range.left; col <= range.right; col++) {
        while (values.length < col) values.push("");
        values[col - 1] = master;
      }
    }
  };
}
