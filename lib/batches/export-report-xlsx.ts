// A batch's delivery report as an XLSX workbook, for batches up to XLSX_MAX_ROWS recipients (beyond that a
// spreadsheet is the wrong tool, and CSV streams any size). Written a page of rows at a time as the client reads it
// (lib/xlsx/sheet-stream.ts: a slow reader holds it where it is, a client that goes away stops it); numbers are numbers,
// text is never a formula, and times are ISO 8601 text with the offset of the organisation's zone (a spreadsheet date
// has no zone: it would show UTC, or whatever the reader's machine assumes).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { isoInZone } from "@/lib/time/format";
import { xlsxSheetStream, type XlsxCell } from "@/lib/xlsx/sheet-stream";
import { exportHeader, listCells } from "./export-report";
import type { MessageRow } from "./list-messages";
import { messagePages } from "./message-pages";
import type { RecipientSearch } from "./recipient-search";
import { XLSX_MAX_ROWS, type MessageFilter } from "./states";

const COLUMNS = [
  { header: "phone", width: 15 },
  { header: "state", width: 12 },
  { header: "delivery_status", width: 22 },
  { header: "correlator", width: 12 },
  { header: "provider_unique_id", width: 38 },
  { header: "operator", width: 12 },
  { header: "sms_units", width: 10 },
  { header: "sent_at", width: 26 },
  { header: "receipt_time", width: 26 },
  { header: "text", width: 40 },
  { header: "error", width: 40 },
];

export function reportXlsxStream(
  batch: { id: string; templateText: string; recipientCount: number; list?: { columns: string[] } | null },
  filter: MessageFilter | null,
  search: RecipientSearch | null = null,
  /** The recipients a page at a time (messagePages; a test passes them through a counter). */
  pages: AsyncGenerator<MessageRow[]> = messagePages(batch.id, filter, search),
): ReadableStream<Uint8Array> {
  if (batch.recipientCount > XLSX_MAX_ROWS) {
    throw new AppError(
      "TOO_LARGE",
      `XLSX is for batches of up to ${XLSX_MAX_ROWS.toLocaleString("en")} recipients; this one has ${batch.recipientCount.toLocaleString("en")}. Export it as CSV.`,
    );
  }
  const listColumns = batch.list?.columns ?? [];
  const headers = exportHeader(listColumns).slice(COLUMNS.length);
  const columns = [...COLUMNS, ...headers.map((header) => ({ header, width: 20 }))];
  return xlsxSheetStream("Delivery report", columns, rowsOf(pages, batch, listColumns.length));
}

/** Each page of messages as rows of cells, in the order of COLUMNS. */
async function* rowsOf(
  pages: AsyncGenerator<MessageRow[]>,
  batch: { templateText: string },
  width: number,
): AsyncGenerator<XlsxCell[][]> {
  try {
    const zone = await getOrgTimeZone();
    const at = (time: Date | null) => (time ? isoInZone(time, zone) : null);
    for await (const page of pages)
      yield page.map((m) => [
        m.phone,
        m.state,
        m.deliveryStatus,
        m.id,
        m.providerUniqueId,
        m.operator,
        m.smsUnits,
        at(m.submittedAt),
        at(m.receiptAt),
        m.text ?? batch.templateText,
        m.lastError,
        ...listCells(m.cells, width),
      ]);
  } finally {
    await pages.return(undefined);
  }
}
