// The columns of a batch's delivery report, one list for both formats (export-report.ts writes CSV,
// export-report-xlsx.ts XLSX): each column's header, its width in a spreadsheet, and its value from a recipient's row;
// then, for a batch sent from a list, every column of the list in file order (a name like one of ours is told apart).
// Times are ISO 8601 with the offset of the organisation's zone ("2026-11-23T13:16:30+03:00"). Each column also says
// what PostgreSQL's COPY writes as its CSV cell (`sql`, over the page's row `p`: report-csv-page.ts), the same text as `value`
// through csvCell once read (report-csv-page.test.ts compares the two parsed).
import { csvIsoSql, csvTextSql } from "@/lib/csv/csv-sql";
import { isoInZone } from "@/lib/time/format";
import type { MessageRow } from "./list-messages";

type Column = {
  header: string;
  width: number;
  value: (m: MessageRow, batch: ReportBatch, zone: string) => Cell;
  /** The cell's value for COPY's CSV writer, in SQL; `template` names the parameter holding the batch's text. Times
   * are written in the session's zone: the statement runs with the organisation's (report-csv-page.ts). */
  sql: (names: { template: string }) => string;
};
type Cell = string | number | null;
export type ReportBatch = { templateText: string; list?: { columns: string[] } | null };

const at = (time: Date | null, zone: string) => (time ? isoInZone(time, zone) : null);

const COLUMNS: readonly Column[] = [
  { header: "phone", width: 15, value: (m) => m.phone, sql: () => csvTextSql("p.phone") },
  { header: "state", width: 12, value: (m) => m.state, sql: () => "p.state" },
  {
    header: "delivery_status",
    width: 22,
    value: (m) => m.deliveryStatus,
    sql: () => csvTextSql(`p."deliveryStatus"`),
  },
  { header: "correlator", width: 12, value: (m) => m.id, sql: () => "p.id" },
  {
    header: "provider_unique_id",
    width: 38,
    value: (m) => m.providerUniqueId,
    sql: () => csvTextSql(`p."providerUniqueId"`),
  },
  { header: "operator", width: 12, value: (m) => m.operator, sql: () => csvTextSql("p.operator") },
  { header: "sms_units", width: 10, value: (m) => m.smsUnits, sql: () => `p."smsUnits"` },
  {
    header: "sent_at",
    width: 26,
    value: (m, _, zone) => at(m.submittedAt, zone),
    sql: () => csvIsoSql(`p."submittedAt"`),
  },
  {
    header: "receipt_time",
    width: 26,
    value: (m, _, zone) => at(m.receiptAt, zone),
    sql: () => csvIsoSql(`p."receiptAt"`),
  },
  // Each recipient's own text when it was personalised, else the batch's.
  {
    header: "text",
    width: 40,
    value: (m, batch) => m.text ?? batch.templateText,
    sql: ({ template }) => csvTextSql(`COALESCE(p.text, ${template})`),
  },
  { header: "error", width: 40, value: (m) => m.lastError, sql: () => csvTextSql(`p."lastError"`) },
  // The escalation's call for this recipient (docs/escalation.md): its state (ANSWERED: reached by call), empty when
  // not called. Reached = state DELIVERED or call_state ANSWERED.
  { header: "call_state", width: 12, value: (m) => m.callState, sql: () => `p."callState"` },
  // The caller's reference and metadata (API batches, docs/api.md "References"), to join the report to their records;
  // empty for the console's batches. Metadata as the JSON object given, compact (report-csv-page.ts writes the same).
  { header: "reference", width: 24, value: (m) => m.reference, sql: () => csvTextSql("p.reference") },
  {
    header: "metadata",
    width: 40,
    value: (m) => (m.metadata ? JSON.stringify(m.metadata) : null),
    // Always an object's text, starting "{": never a formula.
    sql: () => `p."metadataJson"`,
  },
  // The language whose variant the recipient was sent (issue 39: a code such as sw); empty: the default text.
  { header: "language", width: 10, value: (m) => m.language, sql: () => csvTextSql("p.language") },
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
  const cells = COLUMNS.map((c) => c.sql(names));
  const width = batch.list?.columns.length ?? 0;
  for (let i = 0; i < width; i++) cells.push(csvTextSql(`(p.cells ->> ${i})`));
  return cells.join(",\n       ");
}
