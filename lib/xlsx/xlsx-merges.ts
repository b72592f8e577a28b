// The merged ranges of a worksheet. exceljs's streaming reader skips them, and a worksheet lists them after its rows,
// so they are read first, in a pass of their own over the sheet's XML (scanned for <mergeCell ref="A2:A9"/>;
// inflating and scanning is cheap next to parsing the XML). A merged range repeats its value in every cell it
// covers, so ranges are held to the list's limits as they are found, before any cell is filled: at most
// MAX_MERGED_RANGES, none reaching past the column limit (a range to column XFD would fill 16,384 cells of every row
// it covers) or past the last row a list may have.
import { AppError } from "@/lib/errors/app-error";
import { MAX_ROW_NUMBER } from "@/lib/list-files/row-limits";
import { MAX_COLUMNS, MAX_UPLOAD_ROWS } from "@/lib/list-files/upload-limits";
import { formatCount } from "@/lib/numbers/format";

export type MergedRange = { top: number; left: number; bottom: number; right: number };

/** A region merged down each group of rows of a long list is a few thousand ranges; a hundred thousand is not a list. */
export const MAX_MERGED_RANGES = 100_000;

const MERGE = /<mergeCell\s+ref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g;

/** The merged ranges of one sheet, from its XML. */
export async function readMergedRanges(xml: AsyncIterable<string>, sheet: string): Promise<MergedRange[]> {
  const ranges: MergedRange[] = [];
  let tail = "";
  for await (const chunk of xml) {
    const text = tail + chunk;
    let lastEnd = 0;
    for (const match of text.matchAll(MERGE)) {
      lastEnd = match.index + match[0].length;
      const range = {
        left: columnNumber(match[1]!),
        top: Number(match[2]),
        right: columnNumber(match[3]!),
        bottom: Number(match[4]),
      };
      const ref = match[0].slice(match[0].indexOf('"') + 1, -1);
      if (range.right > MAX_COLUMNS)
        throw new AppError(
          "TOO_LARGE",
          `The sheet "${sheet}" has a merged range (${ref}) reaching column ${formatCount(range.right)}; a list may have at most ${MAX_COLUMNS} columns. Unmerge those cells and upload again.`,
        );
      if (range.bottom > MAX_ROW_NUMBER)
        throw new AppError(
          "TOO_LARGE",
          `The sheet "${sheet}" has a merged range (${ref}) reaching row ${formatCount(range.bottom)}; a list may have at most ${formatCount(MAX_UPLOAD_ROWS)} rows. Unmerge those cells and upload again.`,
        );
      ranges.push(range);
      if (ranges.length > MAX_MERGED_RANGES)
        throw new AppError(
          "TOO_LARGE",
          `The sheet "${sheet}" has more than ${formatCount(MAX_MERGED_RANGES)} merged ranges. Unmerge the cells (every cell then keeps its own value) and upload again.`,
        );
    }
    // Keep the end of this piece: a tag may be cut in two. Matches inside it are not counted twice because the tail
    // starts after the last complete match.
    tail = text.slice(Math.max(lastEnd, text.length - 64));
  }
  return ranges;
}

/** "A" → 1, "Z" → 26, "AA" → 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}
