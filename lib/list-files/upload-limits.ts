// How much one upload may hold, and what it may expand to. Every limit is checked while the file is read, at the
// byte, row, cell or inflated byte that crosses it, never after the whole of it has been read: a file under 1 MB can
// describe gigabytes (a header of 30,000 columns padded into every row, a merged range to column XFD, a zip entry
// that inflates a thousandfold), so the bytes received (MAX_UPLOAD_BYTES, lib/http/body-limits.ts) are only the first
// of the limits.
import { AppError } from "@/lib/errors/app-error";
import { formatCount } from "@/lib/numbers/format";

/** Data rows (the header row is not counted). Blank rows count: reading them costs the same. */
export const MAX_UPLOAD_ROWS = 1_000_000;
/** Columns of a list: a phone number and the values that personalise a message need a handful, not hundreds. */
export const MAX_COLUMNS = 200;
/** One cell: a name, a town, an amount, a paragraph for a voice message; not a document. */
export const MAX_CELL_CHARS = 5_000;
/**
 * All cells' text together. A CSV under the byte limit cannot reach it; an XLSX can, through shared strings (one
 * long string referenced by every cell costs a few bytes per cell in the file and the whole string in the list).
 * Twice what a 100 MB CSV can hold.
 */
export const MAX_TEXT_CHARS = 200_000_000;

export const TOO_MANY_ROWS = `The file has more than ${formatCount(MAX_UPLOAD_ROWS)} rows (blank rows count too). Split it into smaller files and upload each.`;
export const TOO_MUCH_TEXT = `The file's cells hold more than ${formatCount(MAX_TEXT_CHARS / 1_000_000)} million characters once its shared text is expanded. Split it into smaller files and upload each.`;

export function tooManyColumns(rowNumber: number, columns: number): AppError {
  return new AppError(
    "TOO_LARGE",
    `Row ${formatCount(rowNumber)} has ${formatCount(columns)} columns; a list may have at most ${MAX_COLUMNS}. Keep the phone column and the columns your messages use, and upload again.`,
  );
}

export function cellTooLong(rowNumber: number, column: number, chars: number): AppError {
  return new AppError(
    "TOO_LARGE",
    `Row ${formatCount(rowNumber)}, column ${formatCount(column)} holds ${formatCount(chars)} characters; a cell may hold at most ${formatCount(MAX_CELL_CHARS)}. Shorten it and upload again.`,
  );
}

export function tooManyRows(): AppError {
  return new AppError("TOO_LARGE", TOO_MANY_ROWS);
}
