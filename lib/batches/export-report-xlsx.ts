// A batch's delivery report as an XLSX workbook, for batches up to XLSX_MAX_ROWS recipients (beyond that a
// spreadsheet is the wrong tool, and CSV streams any size). Written a page of rows at a time as the client reads it
// (lib/xlsx/sheet-stream.ts: a slow reader holds it where it is, a client that goes away stops it); cells are typed
// (numbers as numbers, times as dates) and text is never a formula.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { xlsxSheetStream, type XlsxCell } from "@/lib/xlsx/sheet-stream";
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
  { header: "sent_at", width: 20 },
  { header: "receipt_time", width: 20 },
  { header: "text", width: 40 },
  { header: "error", width: 40 },
];

export function reportXlsxStream(
  batch: { id: string; templateText: string; recipientCount: number },
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
  return xlsxSheetStream("Delivery report", COLUMNS, rowsOf(pages, batch));
}

/** Each page of messages as rows of cells, in the order of COLUMNS. */
async function* rowsOf(
  pages: AsyncGenerator<MessageRow[]>,
  batch: { templateText: string },
): AsyncGenerator<XlsxCell[][]> {
  try {
    for await (const page of pages)
      yield page.map((m) => [
        m.phone,
        m.state,
        m.deliveryStatus,
        m.id,
        m.providerUniqueId,
        m.operator,
        m.smsUnits,
        m.submittedAt,
        m.receiptAt,
        m.text ?? batch.templateText,
        m.lastError,
      ]);
  } finally {
    await pages.return(undefined);
  }
}
