// PostgreSQL's COPY (FORMAT csv) ends each row with LF; every CSV Tuma writes ends rows with CRLF (RFC 4180, to-csv.ts),
// and a report read by a line splitter must split the same way whichever path wrote it. A line break inside a value is
// always inside quotes in COPY's output (it quotes any value holding one), and a quote outside a quoted value never
// occurs, so a LF is a row's end exactly when the quotes before it are balanced. The scan jumps from quote to line
// break (Buffer.indexOf), never byte by byte: a page of 10,000 rows has 10,000 line breaks and usually no quote.

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from("\r\n");

/** COPY's CSV text (whole rows) with each row's LF made CRLF; line breaks inside quoted values kept as they are. */
export function crlfRows(copied: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let quote = copied.indexOf(QUOTE);
  let quoted = false;
  let start = 0;
  for (let lf = copied.indexOf(LF); lf !== -1; lf = copied.indexOf(LF, lf + 1)) {
    for (; quote !== -1 && quote < lf; quote = copied.indexOf(QUOTE, quote + 1)) quoted = !quoted;
    if (quoted) continue;
    pieces.push(copied.subarray(start, lf), CRLF);
    start = lf + 1;
  }
  if (start < copied.length) pieces.push(copied.subarray(start));
  return Buffer.concat(pieces);
}
