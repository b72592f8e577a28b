// A batch's delivery report as an XLSX workbook, for batches up to XLSX_MAX_ROWS recipients (beyond that a
// spreadsheet is the wrong tool, and CSV streams any size). Written a page of rows at a time as the client reads it
// (lib/xlsx/sheet-stream.ts: a slow reader holds it where it is, a client that goes away stops it), the rows' XML
// written by the database (report-xlsx-page.ts); numbers are numbers, text is never a formula, and times are ISO 8601
// text with the offset of the organisation's zone (a spreadsheet date has no zone: it would show UTC, or whatever the
// reader's machine assumes).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { xlsxSheetStream } from "@/lib/xlsx/sheet-stream";
import type { MessageView } from "./list-messages";
import { reportColumns, type ReportBatch } from "./report-columns";
import { reportXlsxPages } from "./report-xlsx-page";
import { XLSX_MAX_ROWS, type MessageFilter } from "@/lib/states/states";

import { formatCount } from "@/lib/numbers/format";
export function reportXlsxStream(
  batch: ReportBatch & { id: string; recipientCount: number },
  filter: MessageFilter | null,
  /** The search and the language narrowing the view (list-messages.ts MessageView). */
  view: Omit<MessageView, "filter"> | null = null,
  /** The sheet's rows a page at a time (report-xlsx-page.ts; a test passes them through a counter). */
  pages: AsyncGenerator<Buffer> = reportXlsxPages(batch, filter, view),
): ReadableStream<Uint8Array> {
  if (batch.recipientCount > XLSX_MAX_ROWS) {
    throw new AppError(
      "TOO_LARGE",
      `XLSX is for batches of up to ${formatCount(XLSX_MAX_ROWS)} recipients; this one has ${formatCount(batch.recipientCount)}. Export it as CSV.`,
    );
  }
  return xlsxSheetStream("Delivery report", reportColumns(batch), pages);
}
