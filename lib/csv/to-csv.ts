// CSV for downloads: papaparse's writer (quoting, CRLF) with its formula escaping, so a cell starting with
// = + - @ or a tab/CR is never run by a spreadsheet (CSV injection). Streamed exports write the header once and then
// pages of rows with the same columns.
import Papa from "papaparse";

export type CsvValue = string | number | null | undefined;

const OPTIONS = { escapeFormulae: true, newline: "\r\n", quotes: false } as const;

export function csvHeader(columns: readonly string[]): string {
  return `${Papa.unparse([columns as string[]], OPTIONS)}\r\n`;
}

export function csvRows(rows: readonly CsvValue[][]): string {
  if (rows.length === 0) return "";
  const cells = rows.map((row) => row.map((value) => (value === null || value === undefined ? "" : value)));
  return `${Papa.unparse(cells, OPTIONS)}\r\n`;
}
