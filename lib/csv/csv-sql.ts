// The batch export's cells as PostgreSQL's COPY (FORMAT csv) writes them (lib/batches/report-csv-page.ts): COPY's own
// writer quotes a value holding the separator, a quote or a line break, doubles its quotes, and writes NULL as
// nothing — in C, where deciding the quoting cell by cell in SQL (two regular expressions per text cell) cost more
// than the rest of the page (BENCHMARKS.md, "Where the export's time goes"). What COPY does not do is what to-csv.ts
// adds against CSV injection: an apostrophe before text that starts like a formula. That is written here, by the
// first character's code (no regular expression), for the same starts as to-csv.ts's FORMULA_START. A cell read
// back is what csvCell's would read (lib/batches/report-pages.test.ts compares them parsed, on hostile text).

/** = + - @ tab CR LF, by code point (to-csv.ts FORMULA_START). */
const FORMULA_START_CODES = [61, 43, 45, 64, 9, 13, 10].join(", ");

/** A text expression as COPY's value, with an apostrophe before a formula start (`expr` is evaluated twice: pass a
 * column or a cheap expression). NULL stays NULL. */
export function csvTextSql(expr: string): string {
  return `CASE WHEN ascii(${expr}) IN (${FORMULA_START_CODES}) THEN '''' || ${expr} ELSE ${expr} END`;
}
