// A batch's delivery report as an XLSX workbook, for batches up to XLSX_MAX_ROWS recipients (beyond that a
// spreadsheet is the wrong tool, and CSV streams any size). Written with exceljs's streaming writer, a page of rows
// at a time; numbers are numbers, text is never a formula, and times are ISO 8601 text with the offset of the
// organisation's zone (a spreadsheet date has no zone: it would show UTC, or whatever the reader's machine assumes).
import "server-only";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { AppError } from "@/lib/errors/app-error";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { isoInZone } from "@/lib/time/format";
import { listMessages, PAGE_SIZE_MAX } from "./list-messages";
import type { RecipientSearch } from "./recipient-search";
import { XLSX_MAX_ROWS, type MessageFilter } from "./states";

const COLUMNS = [
  { header: "phone", key: "phone", width: 15 },
  { header: "state", key: "state", width: 12 },
  { header: "delivery_status", key: "deliveryStatus", width: 22 },
  { header: "correlator", key: "id", width: 12 },
  { header: "provider_unique_id", key: "providerUniqueId", width: 38 },
  { header: "operator", key: "operator", width: 12 },
  { header: "sms_units", key: "smsUnits", width: 10 },
  { header: "sent_at", key: "submittedAt", width: 26 },
  { header: "receipt_time", key: "receiptAt", width: 26 },
  { header: "text", key: "text", width: 40 },
  { header: "error", key: "lastError", width: 40 },
];

export function reportXlsxStream(
  batch: { id: string; templateText: string; recipientCount: number },
  filter: MessageFilter | null,
  search: RecipientSearch | null = null,
): ReadableStream<Uint8Array> {
  if (batch.recipientCount > XLSX_MAX_ROWS) {
    throw new AppError(
      "TOO_LARGE",
      `XLSX is for batches of up to ${XLSX_MAX_ROWS.toLocaleString("en")} recipients; this one has ${batch.recipientCount.toLocaleString("en")}. Export it as CSV.`,
    );
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Delivery report");
  sheet.columns = COLUMNS;
  void (async () => {
    const zone = await getOrgTimeZone();
    let after: string | undefined;
    for (;;) {
      const page = await listMessages(batch.id, { filter, search, after, limit: PAGE_SIZE_MAX });
      for (const m of page.rows) {
        // Strings are written as strings: a value starting with "=" is text in the cell, never a formula.
        sheet
          .addRow({
            ...m,
            text: m.text ?? batch.templateText,
            submittedAt: m.submittedAt ? isoInZone(m.submittedAt, zone) : undefined,
            receiptAt: m.receiptAt ? isoInZone(m.receiptAt, zone) : undefined,
          })
          .commit();
      }
      if (!page.next) break;
      after = page.next;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
