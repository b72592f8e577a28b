// A batch's delivery report as an XLSX workbook, for batches up to XLSX_MAX_ROWS recipients (beyond that a
// spreadsheet is the wrong tool, and CSV streams any size). Written a page of rows at a time as the client reads it
// (lib/xlsx/sheet-stream.ts: a slow reader holds it where it is, a client that goes away stops it); numbers are numbers,
// text is never a formula, and times are ISO 8601 text with the offset of the organisation's zone (a spreadsheet date
// has no zone: it would show UTC, or whatever the reader's machine assumes).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { xlsxSheetStream, type XlsxCell } from "@/lib/xlsx/sheet-stream";
import type { MessageRow, MessageView } from "./list-messages";
import { messagePages } from "./message-pages";
import { reportColumns, reportRow, type ReportBatch } from "./report-columns";
import { XLSX_MAX_ROWS, type MessageFilter } from "@/lib/states/states";

import { formatCount } from "@/lib/numbers/format";
export function reportXlsxStream(
  batch: ReportBatch & { id: string; recipientCount: number },
  filter: MessageFilter | null,
  /** The search and the language narrowing the view (list-messages.ts MessageView). */
  view: Omit<MessageView, "filter"> | null = null,
  /** The recipients a page at a time (messagePages; a test passes them through a counter). */
  pages: AsyncGenerator<MessageRow[]> = messagePages(batch.id, filter, view),
): ReadableStream<Uint8Array> {
  if (batch.recipientCount > XLSX_MAX_ROWS) {
    throw new AppError(
      "TOO_LARGE",
      `XLSX is for batches of up to ${formatCount(XLSX_MAX_ROWS)} recipients; this one has ${formatCount(batch.recipientCount)}. Export it as CSV.`,
    );
  }
  return xlsxSheetStream("Delivery report", reportColumns(batch), rowsOf(pages, batch));
}

/** Each page of messages as rows of cells, in the order of reportColumns. */
async function* rowsOf(pages: AsyncGenerator<MessageRow[]>, batch: ReportBatch): AsyncGenerator<XlsxCell[][]> {
  try {
    const zone = await getOrgTimeZone();
    for await (const page of pages) yield page.map((m) => reportRow(m, batch, zone));
  } finally {
    await pages.return(undefined);
  }
}
