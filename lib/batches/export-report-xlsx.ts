// A batch's delivery report as an XLSX workbook, for batches up to XLSX_MAX_ROWS recipients (beyond that a
// spreadsheet is the wrong tool, and CSV streams any size). Written with exceljs's streaming writer, a page of rows
// at a time; cells are typed (numbers as numbers, times as dates) and text is never a formula.
import "server-only";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { AppError } from "@/lib/errors/app-error";
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
  { header: "sent_at", key: "submittedAt", width: 20 },
  { header: "receipt_time", key: "receiptAt", width: 20 },
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
    let after: string | undefined;
    for (;;) {
      const page = await listMessages(batch.id, { filter, search, after, limit: PAGE_SIZE_MAX });
      for (const m of page.rows) {
        // Strings are written as strings: a value starting with "=" is text in the cell, never a formula.
        sheet
          .addRow({
            ...m,
            text: m.text ?? batch.templateText,
            submittedAt: m.submittedAt ?? undefined,
            receiptAt: m.receiptAt ?? undefined,
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
