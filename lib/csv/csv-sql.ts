// The same CSV cell as to-csv.ts's csvCell, written by PostgreSQL: the batch export has the database format its rows
// (lib/batches/report-csv-page.ts), because building a row object per recipient and escaping it cell by cell in
// JavaScript cost three times what the database's own COPY of the same rows costs
// (BENCHMARKS.md, "Export against PostgreSQL's COPY"). Each expression returns exactly what csvCell returns for the
// value (lib/batches/report-csv-page.test.ts compares the two on hostile text): nothing for NULL, an apostrophe before
// a formula start (= + - @ tab CR LF), quotes when the separator, a quote, a line break, a byte-order mark or a space
// at either end needs them.

/** Text starting like a formula (to-csv.ts FORMULA_START). ARE escapes: `\t` `\r` `\n`, `-` last in the bracket. */
const FORMULA_START = `'^[=+@\\t\\r\\n-]'`;
/** Text that must be quoted (to-csv.ts NEEDS_QUOTES). */
const NEEDS_QUOTES = `'[",\\r\\n\\ufeff]|^ | $'`;

/** A text expression as a CSV cell (`expr` is evaluated up to four times: pass a column or a cheap expression). */
export function csvTextSql(expr: string): string {
  return `CASE WHEN ${expr} IS NULL THEN ''
     WHEN ${expr} ~ ${FORMULA_START} THEN '"''' || replace(${expr}, '"', '""') || '"'
     WHEN ${expr} ~ ${NEEDS_QUOTES} THEN '"' || replace(${expr}, '"', '""') || '"'
     ELSE ${expr} END`;
}

/** A number (or any value whose text needs no escaping: an enum's name, an id) as a CSV cell. */
export function csvPlainSql(expr: string): string {
  return `COALESCE((${expr})::text, '')`;
}

/**
 * A timestamptz as lib/time/format.ts isoInZone writes it ("2026-11-23T13:16:30+03:00"): the wall clock and that
 * instant's offset, to the minute, in the session's zone — so the statement must run where the organisation's zone
 * is the session's (SET LOCAL, as report-csv-page.ts does in its transaction). One conversion per value: naming the
 * zone in the expression (AT TIME ZONE, twice, and the offset worked out from the difference) cost three times as
 * much, the largest part of the export's own work in the database. Empty for NULL.
 */
export function csvIsoSql(expr: string): string {
  return `COALESCE(to_char(${expr}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'), '')`;
}
