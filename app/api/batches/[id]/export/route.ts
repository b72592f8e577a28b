// GET /api/batches/[id]/export?filter=&q=&format=csv|xlsx – the batch's delivery report (or the filtered view),
// streamed: CSV of any size, XLSX up to 100,000 recipients.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { canExport, EXPORT_REFUSAL } from "@/lib/auth/permissions";
import { reportFileName, reportStream } from "@/lib/batches/export-report";
import { reportXlsxStream } from "@/lib/batches/export-report-xlsx";
import { getBatch } from "@/lib/batches/get-batch";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { messageFilterSchema } from "@/lib/states/states";
import { AppError } from "@/lib/errors/app-error";
import { heldStream } from "@/lib/fair-share/held-stream";
import { batchParams, optionalParam } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

const query = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
  format: optionalParam(z.enum(["csv", "xlsx"], { error: "The format is csv or xlsx." })),
});

export const GET = route(
  { allowed: canExport, refusal: EXPORT_REFUSAL, params: batchParams, query },
  async ({ actor, params, query }) => {
    const batch = await getBatch(params.id);
    if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
    const filter = query.filter ?? null;
    // Numbers and texts leave the console: who took which view, in which format (before the first byte goes out,
    // once the slot is held: at most two exports per user at once (429), eight per process (503), lib/fair-share).
    const exported = { format: query.format ?? "csv", filter, search: query.q ?? null };
    const audited = async (stream: ReadableStream<Uint8Array>) => {
      await recordAudit({
        actorId: actor.id,
        action: "export.batch",
        targetType: "Batch",
        targetId: batch.id,
        detail: exported,
      });
      return stream;
    };
    if (query.format === "xlsx") {
      // reportXlsxStream refuses an oversize batch before the audit.
      const body = await heldStream("EXPORT", actor.id, () =>
        audited(reportXlsxStream(batch, filter, query.q ?? null)),
      );
      return new Response(body, {
        headers: {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "content-disposition": `attachment; filename="${reportFileName(batch.name, filter).replace(/\.csv$/, ".xlsx")}"`,
        },
      });
    }
    return new Response(
      await heldStream("EXPORT", actor.id, () => audited(reportStream(batch, filter, query.q ?? null))),
      {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${reportFileName(batch.name, filter)}"`,
        },
      },
    );
  },
);
