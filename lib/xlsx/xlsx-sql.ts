// A sheet's cells written by PostgreSQL, as one text per row: the same XML as sheet-stream.ts's rowsXml writes for
// the same values (lib/batches/report-xlsx-page.test.ts compares the two). The XLSX export built a JavaScript object
// per recipient, then a string per cell; at 100,000 recipients that cost 6.7 × the database's own COPY of the rows
// (BENCHMARKS.md, "Export: XLSX rows written by the database"). Text is escaped by translate and replace, C functions
// with no regular expression; the web process only deflates.
import { columnLetters, TEXT_STYLE } from "./sheet-stream";

/** The characters XML 1.0 cannot hold (sheet-stream.ts escapeXml drops them), but NUL, which PostgreSQL's text never
 * holds: for translate(), bound as a parameter. */
export const XML_FORBIDDEN_CHARS = String.fromCharCode(
  ...[1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31],
  0xfffe,
  0xffff,
);

/** What a cell holds: `text` escaped, `plain` text that needs no escaping (ours: digits, states, ISO times), a number. */
export type SqlCellKind = "text" | "plain" | "number";

/**
 * A cell as XML in SQL: column `column` (1 = A) of the row whose number is the text expression `row`; `expr` NULL
 * is no cell at all, as rowsXml writes null. `forbidden` names the parameter holding XML_FORBIDDEN_CHARS.
 */
export function xlsxCellSql(column: number, row: string, expr: string, kind: SqlCellKind, forbidden: string): string {
  const ref = `'<c r="${columnLetters(column)}' || ${row} || '"`;
  if (kind === "number") return `COALESCE(${ref}><v>' || (${expr}) || '</v></c>', '')`;
  const text =
    kind === "text"
      ? `replace(replace(replace(replace(translate(${expr}, ${forbidden}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`
      : expr;
  return `COALESCE(${ref} s="${TEXT_STYLE}" t="inlineStr"><is><t xml:space="preserve">' || ${text} || '</t></is></c>', '')`;
}

/** A row's XML in SQL from its cells' (xlsxCellSql), numbered by the text expression `row`. */
export function xlsxRowSql(row: string, cells: string[]): string {
  return `'<row r="' || ${row} || '">' || ${cells.join(" || ")} || '</row>'`;
}
