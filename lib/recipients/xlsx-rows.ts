// The rows of an XLSX workbook, read with exceljs's streaming reader (a sheet's rows are never all in memory): the
// first worksheet that has any value is the list (the report names it when the workbook has several), every cell
// as text (cell-text.ts: formulas give their cached result), and a merged range's value repeated in every cell it
// covers (a "Region" merged down ten rows personalises all ten).
import ExcelJS from "exceljs";
import { cellText } from "./cell-text";
import type { RowBatch } from "./row-batch";
import { readMergedRanges, type MergedRange } from "./xlsx-merges";

export type SheetChoice = { used: string; sheets: string[] };

type SheetReader = AsyncIterable<ExcelJS.Row> & { id: string | number; name: string };

const BATCH = 1_000;

/** Yields rows in batches, with their row numbers; `onSheet` learns which sheet was read once all are read. */
export async function* xlsxRows(file: string, onSheet: (choice: SheetChoice) => void): AsyncGenerator<RowBatch> {
  const merges = await readMergedRanges(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  });
  const sheets: string[] = [];
  let chosen: string | null = null;
  for await (const worksheet of reader as unknown as AsyncIterable<SheetReader>) {
    sheets.push(worksheet.name);
    if (chosen !== null) {
      // The list was an earlier sheet: this one is only named in the report. Its rows must still be read past
      // (the workbook is one stream), without keeping them.
      for await (const _row of worksheet) void _row;
      continue;
    }
    const fill = mergeFiller(merges.get(worksheet.name) ?? []);
    let batch: RowBatch = { numbers: [], rows: [] };
    for await (const row of worksheet) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      fill(row.number, values);
      if (values.every((value) => value.trim() === "")) continue;
      if (chosen === null) chosen = worksheet.name;
      batch.numbers.push(row.number);
      batch.rows.push(values);
      if (batch.rows.length >= BATCH) {
        yield batch;
        batch = { numbers: [], rows: [] };
      }
    }
    if (batch.rows.length) yield batch;
  }
  onSheet({ used: chosen ?? sheets[0] ?? "", sheets });
}

/**
 * Copies a merged range's top-left value into the rows below it that the range covers ("Region" merged down ten
 * rows). A range within one row is left alone: that is typography — a title across the columns above the header —
 * and copying it would make the title look like a header. Rows arrive in order, so a range is active from its top
 * row to its bottom row.
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
