// The columns of a batch's delivery report, one list for both formats (export-report.ts writes CSV,
// export-report-xlsx.ts XLSX): each column's header, its width in a spreadsheet, and its value from a recipient's row;
// then, for a batch sent from a list, every column of the list in file order (a name like one of ours is told apart).
// Times are ISO 8601 with the offset of the organisation's zone ("2026-11-23T13:16:30+03:00").
import { isoInZone } from "@/lib/time/format";
import type { MessageRow } from "./list-messages";

type Column = { header: string; width: number; value: (m: MessageRow, batch: ReportBatch, zone: string) => Cell };
type Cell = string | number | null;
export type ReportBatch = { templateText: string; list?: { columns: string[] } | null };

const at = (time: Date | null, zone: string) => (time ? isoInZone(time, zone) : null);

const COLUMNS: readonly Column[] = [
  { header: "phone", width: 15, value: (m) => m.phone },
  { header: "state", width: 12, value: (m) => m.state },
  { header: "delivery_status", width: 22, value: (m) => m.deliveryStatus },
  { header: "correlator", width: 12, value: (m) => m.id },
  { header: "provider_unique_id", width: 38, value: (m) => m.providerUniqueId },
  { header: "operator", width: 12, value: (m) => m.operator },
  { header: "sms_units", width: 10, value: (m) => m.smsUnits },
  { header: "sent_at", width: 26, value: (m, _, zone) => at(m.submittedAt, zone) },
  { header: "receipt_time", width: 26, value: (m, _, zone) => at(m.receiptAt, zone) },
  // Each recipient's own text when it was personalised, else the batch's.
  { header: "text", width: 40, value: (m, batch) => m.text ?? batch.templateText },
  { header: "error", width: 40, value: (m) => m.lastError },
  // The escalation's call for this recipient (docs/escalation.md): its state (ANSWERED: reached by call), empty when
  // not called. Reached = state DELIVERED or call_state ANSWERED.
  { header: "call_state", width: 12, value: (m) => m.callState },
  // The caller's reference and metadata (API batches, docs/api.md "References"), to join the report to their records;
  // empty for the console's batches. Metadata as the JSON object given.
  { header: "reference", width: 24, value: (m) => m.reference },
  { header: "metadata", width: 40, value: (m) => (m.metadata ? JSON.stringify(m.metadata) : null) },
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
