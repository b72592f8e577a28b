// A sheet's cells written by PostgreSQL, as one text per row: the same XML as sheet-stream.ts's rowsXml writes for
// the same values (lib/batches/report-pages.test.ts compares the two). The XLSX export built a JavaScript object
// per recipient, then a string per cell; at 100,000 recipients that cost 6.7 × the database's own COPY of the rows
// (BENCHMARKS.md, "XLSX rows written by the database"). Text is escaped by replace(), a C function with no
// regular expression; the web process drops what XML cannot hold from the page's text and deflates it.
import { columnLetters, TEXT_STYLE } from "./sheet-stream";

/** What a cell holds: `text` escaped, `plain` text that needs no escaping (ours: digits, states, ISO times), a number. */
export type SqlCellKind = "text" | "plain" | "number";

/**
 * A cell as XML in SQL: column `column` (1 = A) of the row whose number is the text expression `row`; `expr` NULL is no
 * cell at all (|| makes the whole NULL), as rowsXml writes null. Text is escaped but keeps the characters XML cannot
 * hold: translate() to drop them cost as much as the rest of the cell, so the page's text drops them in one pass
 * (xml-forbidden.ts).
 */
export function xlsxCellSql(column: number, row: string, expr: string, kind: SqlCellKind): string {
  const ref = `'<c r="${columnLetters(column)}' || ${row}`;
  if (kind === "number") return `COALESCE(${ref} || '"><v>' || (${expr}) || '</v></c>', '')`;
  const text = kind === "text" ? xmlTextSql(expr) : expr;
  return `COALESCE(${ref} || '" s="${TEXT_STYLE}" t="inlineStr"><is><t xml:space="preserve">' || ${text} || '</t></is></c>', '')`;
}

/** Text with XML's specials written as entities. */
function xmlTextSql(expr: string): string {
  return `replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;
}

/** A row's XML in SQL from its cells' (xlsxCellSql), numbered by the text expression `row`. */
export function xlsxRowSql(row: string, cells: string[]): string {
  return `'<row r="' || ${row} || '">' || ${cells.join(" || ")} || '</row>'`;
}
