// The per-row limits of an upload, applied by both readers (lib/csv/csv-rows.ts, lib/xlsx/xlsx-rows.ts) to every row as
// it is read, blank rows included: the row's number (blank rows count against the row limit — five million of them cost
// as much to read as five million numbers), its width (the header is the first row checked, so a 30,000-column header
// is refused before any row below it is read), each cell's length, and the text of all cells together.
import {
  MAX_CELL_CHARS,
  MAX_COLUMNS,
  MAX_TEXT_CHARS,
  MAX_UPLOAD_ROWS,
  TOO_MUCH_TEXT,
  cellTooLong,
  tooManyColumns,
  tooManyRows,
} from "./upload-limits";
import { AppError } from "@/lib/errors/app-error";

/** The last row a list may have: a header and a million rows. */
export const MAX_ROW_NUMBER = MAX_UPLOAD_ROWS + 1;

// Local copies for the loop below, run for every cell of a million rows: an imported binding is a property read
// through the module record (a getter call once bundled), which tripled the loop's cost.
const LAST_ROW = MAX_ROW_NUMBER;
const CELL_CHARS = MAX_CELL_CHARS;
const COLUMNS = MAX_COLUMNS;
const TEXT_CHARS = MAX_TEXT_CHARS;

export class RowLimits {
  /** Rows read so far, in every sheet read (an XLSX's row numbers restart on each sheet). */
  private read = 0;
  private text = 0;

  /**
   * Checks one row (`rowNumber` as a spreadsheet shows it) and returns its extent: the cells up to its last non-blank
   * one (trailing empty cells are not columns), 0 for a blank row.
   */
  measure(cells: string[], rowNumber: number): number {
    if (++this.read > LAST_ROW || rowNumber > LAST_ROW) throw tooManyRows();
    let extent = 0;
    let text = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      const length = cell.length;
      if (length === 0) continue;
      if (length > CELL_CHARS) throw cellTooLong(rowNumber, i + 1, length);
      text += length;
      // The first character decides for nearly every cell; only one starting with white space (or anything beyond
      // ASCII, where trim() knows more spaces) needs a trim.
      const first = cell.charCodeAt(0);
      if ((first > 32 && first < 127) || cell.trim() !== "") extent = i + 1;
    }
    this.text += text;
    if (extent > COLUMNS) throw tooManyColumns(rowNumber, extent);
    if (this.text > TEXT_CHARS) throw new AppError("TOO_LARGE", TOO_MUCH_TEXT);
    return extent;
  }
}
