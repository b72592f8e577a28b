// The batch export's page as COPY (FORMAT csv) writes it (lib/batches/report-csv-page.ts), made into rows as every Tuma
// CSV writes them, with what the next page needs to know:
// - each row comes with its cursor as a first, extra column (an id: digits only, never quoted), taken off here and the
//   last one kept, so the page needs no second statement to count its rows and find where the next one starts;
// - COPY ends rows with LF; Tuma's CSVs end them CRLF (RFC 4180, to-csv.ts), and a report read by a line splitter must
//   split the same way whichever path wrote it. A line break inside a value is always inside quotes in COPY's output
//   (it quotes any value holding one), and a quote outside a quoted value never occurs, so a LF ends a row exactly
//   when the quotes before it are balanced.
// The scan jumps from quote to line break (Buffer.indexOf), never byte by byte: a page of 10,000 rows has 10,000 line
// breaks and usually no quote.

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export type KeyedRows = { bytes: Buffer; rows: number; lastKey: string | null };

/** COPY's rows (whole rows, each led by its key column) as CSV rows ended CRLF, without the key; their count and
 * the last row's key. Line breaks inside quoted values are kept as they are. */
export function keyedRows(copied: Buffer): KeyedRows {
  // The rows are copied into one buffer as they are found (no Buffer object per row). It is never longer than COPY's
  // text: each row gains a CR and loses its key (a digit at least) and the key's comma.
  const out = Buffer.alloc(copied.length);
  let length = 0;
  let quote = copied.indexOf(QUOTE);
  let quoted = false;
  let start = 0;
  let rows = 0;
  let lastKey: [number, number] | null = null;
  for (let lf = copied.indexOf(LF); lf !== -1; lf = copied.indexOf(LF, lf + 1)) {
    for (; quote !== -1 && quote < lf; quote = copied.indexOf(QUOTE, quote + 1)) quoted = !quoted;
    if (quoted) continue;
    const comma = copied.indexOf(COMMA, start);
    if (comma === -1 || comma > lf) throw new Error(`A row without its key column at byte ${start}.`);
    lastKey = [start, comma];
    length += copied.copy(out, length, comma + 1, lf);
    out[length++] = CR;
    out[length++] = LF;
    rows++;
    start = lf + 1;
  }
  if (start < copied.length) throw new Error(`An unfinished row at byte ${start}.`);
  return {
    bytes: out.subarray(0, length),
    rows,
    lastKey: lastKey && copied.toString("latin1", ...lastKey),
  };
}
