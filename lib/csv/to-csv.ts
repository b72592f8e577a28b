// CSV for every download (upload report groups, the audit log; the batch report's rows are COPY's, csv-sql.ts):
// RFC 4180 quoting with CRLF, and no cell a spreadsheet would run as a formula (CSV injection). Every text cell goes
// through csvCell, which prefixes a value starting with = + - @ or a tab, CR or LF with an apostrophe before any
// quoting is decided. papaparse's `escapeFormulae` was not enough: its pattern (/^[=+\-@\t\r].*$/) has no `s`
// flag, so "=HYPERLINK(…)\nx" did not match and went out as a live formula. Streamed exports write the header once
// and then pages of rows with the same columns.

export type CsvValue = string | number | null | undefined;

/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"), plus LF, which some trim first. */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** What forces a cell into quotes: the separator, a quote, a line break, or spaces a reader might trim. */
const NEEDS_QUOTES = /[",\r\n\ufeff]|^ | $/;

/** One cell: numbers as they are, text escaped against formulas and quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) || text !== value ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvCell).join(",")}\r\n`;
}

export function csvRows(rows: readonly CsvValue[][]): string {
  let out = "";
  for (const row of rows) out += `${row.map(csvCell).join(",")}\r\n`;
  return out;
}
