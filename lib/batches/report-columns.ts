// The columns of a batch's delivery report, one list for both formats (export-report.ts writes CSV,
// export-report-xlsx.ts XLSX): each column's header, its width in a spreadsheet, and its value from a recipient's row;
// then, for a batch sent from a list, every column of the list in file order (a name like one of ours is told apart).
// Times are ISO 8601 with the offset of the organisation's zone ("2026-11-23T13:16:30+03:00"). Each column also says
// how the database writes it (`sql` and `kind`, over the page's row `p`: report-page-rows.ts): PostgreSQL's COPY as a CSV
// cell, the same text as `value` through csvCell once read (report-csv-page.test.ts compares the two parsed), and the
// sheet's XML, the same as rowsXml writes for `value` (report-xlsx-page.test.ts).
import { csvIsoSql, csvTextSql } from "@/lib/csv/csv-sql";
import { isoInZone } from "@/lib/time/format";
import { xlsxCellSql, xlsxRowSql } from "@/lib/xlsx/xlsx-sql";
import type { MessageRow } from "./list-messages";

/**
 * How the database writes a column's value: `text` may hold anything (a formula guard in CSV, escaped in XML); `json`
 * is an object's text (never a formula, but escaped in XML); `code` is ours and plain (an id, a state: neither);
 * `time` a timestamptz as isoInZone writes it; `number` a number (a number cell in XLSX).
 */
type Kind = "text" | "json" | "code" | "time" | "number";
type Column = {
  header: string;
  width: number;
  value: (m: MessageRow, batch: ReportBatch, zone: string) => Cell;
  /** The value in SQL over the page's row `p` (report-page-rows.ts); `template` names the parameter holding the
   * batch's text. Times are written in the session's zone: the statement runs with the organisation's. */
  sql: (names: { template: string }) => string;
  kind: Kind;
};
type Cell = string | number | null;
export type ReportBatch = { templateText: string; list?: { columns: string[] } | null };

const at = (time: Date | null, zone: string) => (time ? isoInZone(time, zone) : null);

const COLUMNS: readonly Column[] = [
  { header: "phone", width: 15, value: (m) => m.phone, sql: () => "p.phone", kind: "text" },
  { header: "state", width: 12, value: (m) => m.state, sql: () => "p.state::text", kind: "code" },
  {
    header: "delivery_status",
    width: 22,
    value: (m) => m.deliveryStatus,
    sql: () => `p."deliveryStatus"`,
    kind: "text",
  },
  { header: "correlator", width: 12, value: (m) => m.id, sql: () => "p.id::text", kind: "code" },
  {
    header: "provider_unique_id",
    width: 38,
    value: (m) => m.providerUniqueId,
    sql: () => `p."providerUniqueId"`,
    kind: "text",
  },
  { header: "operator", width: 12, value: (m) => m.operator, sql: () => "p.operator", kind: "text" },
  { header: "sms_units", width: 10, value: (m) => m.smsUnits, sql: () => `p."smsUnits"`, kind: "number" },
  {
    header: "sent_at",
    width: 26,
    value: (m, _, zone) => at(m.submittedAt, zone),
    sql: () => `p."submittedAt"`,
    kind: "time",
  },
  {
    header: "receipt_time",
    width: 26,
    value: (m, _, zone) => at(m.receiptAt, zone),
    sql: () => `p."receiptAt"`,
    kind: "time",
  },
  // Each recipient's own text when it was personalised, else the batch's.
  {
    header: "text",
    width: 40,
    value: (m, batch) => m.text ?? batch.templateText,
    sql: ({ template }) => `COALESCE(p.text, ${template})`,
    kind: "text",
  },
  { header: "error", width: 40, value: (m) => m.lastError, sql: () => `p."lastError"`, kind: "text" },
  // The escalation's call for this recipient (docs/escalation.md): its state (ANSWERED: reached by call), empty when
  // not called. Reached = state DELIVERED or call_state ANSWERED.
  { header: "call_state", width: 12, value: (m) => m.callState, sql: () => `p."callState"::text`, kind: "code" },
  // The caller's reference and metadata (API batches, docs/api.md "References"), to join the report to their records;
  // empty for the console's batches. Metadata as the JSON object given, compact (report-page-rows.ts writes the same).
  { header: "reference", width: 24, value: (m) => m.reference, sql: () => "p.reference", kind: "text" },
  {
    header: "metadata",
    width: 40,
    value: (m) => (m.metadata ? JSON.stringify(m.metadata) : null),
    // Always an object's text, starting "{": never a formula — but its strings may hold anything XML escapes.
    sql: () => `p."metadataJson"`,
    kind: "json",
  },
  // The language whose variant the recipient was sent (issue 39: a code such as sw); empty: the default text.
  { header: "language", width: 10, value: (m) => m.language, sql: () => "p.language", kind: "text" },
];

const LIST_COLUMN_WIDTH = 20;

/** Headers and spreadsheet widths, in order: ours, then the list's. */
export function reportColumns(batch: ReportBatch): { header: string; width: number }[] {
  const ours = new Set(COLUMNS.map((c) => c.header));
  return [
    ...COLUMNS.map(({ header, width }) => ({ header, width })),
    ...(batch.list?.columns ?? []).map((name) => ({
      header: ours.has(name) ? `${name} (list)` : name,
      width: LIST_COLUMN_WIDTH,
    })),
  ];
}

/** One recipient's row, in the order of reportColumns: its list cells as wide as the list (typed numbers, or a list
 * deleted since: empty). */
export function reportRow(m: MessageRow, batch: ReportBatch, zone: string): Cell[] {
  const row: Cell[] = COLUMNS.map((c) => c.value(m, batch, zone));
  const width = batch.list?.columns.length ?? 0;
  for (let i = 0; i < width; i++) row.push(m.cells?.[i] ?? "");
  return row;
}

/**
 * One recipient's cells as COPY's select list, in the order of reportColumns, over the page's row `p` (its list row's
 * values as jsonb `p.cells`): read back, the same cells as reportRow through csvCell.
 */
export function reportCellsSql(batch: ReportBatch, names: { template: string }): string {
  const cells = COLUMNS.map((c) => {
    const value = c.sql(names);
    return c.kind === "text" ? csvTextSql(value) : c.kind === "time" ? csvIsoSql(value) : value;
  });
  const width = batch.list?.columns.length ?? 0;
  for (let i = 0; i < width; i++) cells.push(csvTextSql(`(p.cells ->> ${i})`));
  return cells.join(",\n       ");
}

/**
 * One recipient's row as the sheet's XML (lib/xlsx/xlsx-sql.ts), over the page's row `p` numbered by its text `p.rn`:
 * the same XML as rowsXml writes for reportRow's cells once the characters XML cannot hold are dropped
 * (report-xlsx-page.ts).
 */
export function reportRowXmlSql(batch: ReportBatch, names: { template: string }): string {
  const cells = COLUMNS.map((c, i) => {
    const value = c.kind === "time" ? csvIsoSql(c.sql(names)) : c.sql(names);
    const kind = c.kind === "number" ? "number" : c.kind === "text" || c.kind === "json" ? "text" : "plain";
    return xlsxCellSql(i + 1, "p.rn", value, kind);
  });
  const width = batch.list?.columns.length ?? 0;
  // A list cell the row lacks (a list deleted since) is an empty text, as reportRow has it.
  for (let i = 0; i < width; i++)
    cells.push(xlsxCellSql(COLUMNS.length + i + 1, "p.rn", `COALESCE(p.cells ->> ${i}, '')`, "text"));
  return xlsxRowSql("p.rn", cells);
}
