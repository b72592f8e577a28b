// One batch export for both front doors, the console's (app/api/batches/[id]/export) and the API's
// (app/api/v1/batches/[id]/export): the batch found, the transfer slot held (lib/fair-share: two exports per user at
// once, 429; eight per process, 503), the export audited once the slot is held and before the first byte goes out
// (numbers and texts leave the console: who took which view, in which format, through which door), then the report
// streamed as CSV of any size or XLSX up to XLSX_MAX_ROWS recipients (refused with its sentence before the audit).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError } from "@/lib/errors/app-error";
import { heldStream } from "@/lib/fair-share/held-stream";
import { reportFileName, reportStream } from "./export-report";
import { reportXlsxStream } from "./export-report-xlsx";
import { getBatch } from "./get-batch";
import type { LanguageFilter } from "./language-filter";
import type { RecipientSearch } from "./recipient-search";
import type { MessageFilter } from "@/lib/states/states";

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export async function exportBatchResponse(request: {
  actorId: string;
  batchId: string;
  filter: MessageFilter | null;
  search: RecipientSearch | null;
  /** One language's recipients only (language-filter.ts); null or absent: every language. */
  language?: LanguageFilter | null;
  format: keyof typeof CONTENT_TYPES;
  /** Said in the audit entry when the API took it ("api"); the console's entries say nothing. */
  through?: "api";
}): Promise<Response> {
  const { actorId, filter, search, format } = request;
  const language = request.language ?? null;
  const view = { search, language };
  const batch = await getBatch(request.batchId);
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  const body = await heldStream("EXPORT", actorId, async () => {
    const stream = format === "xlsx" ? reportXlsxStream(batch, filter, view) : reportStream(batch, filter, view);
    await recordAudit({
      actorId,
      action: "export.batch",
      targetType: "Batch",
      targetId: batch.id,
      detail: {
        format,
        filter,
        search,
        ...(language ? { language } : {}),
        ...(request.through ? { through: request.through } : {}),
      },
    });
    return stream;
  });
  const fileName = reportFileName(batch.name, filter, language).replace(/\.csv$/, `.${format}`);
  return new Response(body, {
    headers: { "content-type": CONTENT_TYPES[format], "content-disposition": `attachment; filename="${fileName}"` },
  });
}
