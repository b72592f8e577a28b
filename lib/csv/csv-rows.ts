// A CSV file's rows, read as its bytes arrive: decoded (the encoding lib/list-files/sniff-file.ts found), line endings
// made one (files edited on Windows and elsewhere mix CRLF and LF; a line break inside a quoted cell stays a line
// break), the delimiter detected from the first rows (comma, semicolon or tab — spreadsheets in comma-decimal countries
// write semicolons), then papaparse's parser on each piece with the unfinished last row carried to the next. Yields
// rows in batches, so the caller's per-row cost is a loop, not an await.
import Papa from "papaparse";

export type CsvDialect = { delimiter: string; encoding: string };

/** A row (or an unclosed quote) longer than this is not a recipient list: stop instead of buffering the rest. Cells
 * are limited further by lib/list-files/row-limits.ts; this bounds what is held before a row is even complete. */
const MAX_PENDING_CHARS = 1024 * 1024;
const DELIMITERS = [",", ";", "\t"];

export class CsvShapeError extends Error {
  override name = "CsvShapeError";
}

export async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  encoding: string,
  onDialect: (dialect: CsvDialect) => void,
): AsyncGenerator<string[][]> {
  const decoder = new TextDecoder(encoding);
  let parser: Papa.Parser | null = null;
  let pending = "";
  let carriageReturn = false;

  const lines = (text: string): string => {
    // A CR at the end of one piece may be the first half of a CRLF split across two.
    let joined = (carriageReturn ? "\r" : "") + text;
    carriageReturn = joined.endsWith("\r");
    if (carriageReturn) joined = joined.slice(0, -1);
    return joined.replace(/\r\n?/g, "\n");
  };

  const parse = (final: boolean): string[][] => {
    if (!parser) {
      const delimiter = detectDelimiter(pending);
      onDialect({ delimiter, encoding });
      parser = new Papa.Parser({ delimiter, newline: "\n", quoteChar: '"' });
    }
    const result = parser.parse(pending, 0, !final) as { data: string[][]; meta: { cursor: number } };
    pending = final ? "" : pending.slice(result.meta.cursor);
    // The line break that ends the file's last row is not a blank row after it.
    const last = result.data.at(-1);
    if (final && last?.length === 1 && last[0] === "") result.data.pop();
    if (pending.length > MAX_PENDING_CHARS) {
      throw new CsvShapeError(
        "A row is longer than 1 MB, or a quote (\") is opened and never closed. Check the file's quotes.",
      );
    }
    return result.data;
  };

  for await (const chunk of chunks) {
    pending += lines(decoder.decode(chunk, { stream: true }));
    // Wait for a few rows before choosing the delimiter.
    if (!parser && pending.length < 16_384) continue;
    const rows = parse(false);
    if (rows.length) yield rows;
  }
  pending += lines(decoder.decode()) + (carriageReturn ? "\n" : "");
  if (pending.length > 0 || parser) {
    const rows = parse(true);
    if (rows.length) yield rows;
  }
}

/** The delimiter that splits the first lines into the same number of cells most consistently. */
export function detectDelimiter(text: string): string {
  const guess = Papa.parse(text.slice(0, 65_536), {
    preview: 20,
    delimitersToGuess: DELIMITERS,
    newline: "\n",
    skipEmptyLines: true,
  }) as { meta: { delimiter: string } };
  return DELIMITERS.includes(guess.meta.delimiter) ? guess.meta.delimiter : ",";
}
