// GET /api/v1/batches/[id]/export?filter=&q= – the batch's delivery report as CSV, streamed through the console's
// export (lib/batches/export-report.ts) in its slot (lib/fair-share: two per user, eight per process), audited.
import { apiRoute } from "@/lib/api/api-route";
import { batchIdParams, exportQuery } from "@/lib/api/schemas/batches";
import { recordAudit } from "@/lib/audit/record-audit";
import { canExport, EXPORT_REFUSAL } from "@/lib/auth/permissions";
import { reportFileName, reportStream } from "@/lib/batches/export-report";
import { getBatch } from "@/lib/batches/get-batch";
import { AppError } from "@/lib/errors/app-error";
import { heldStream } from "@/lib/fair-share/held-stream";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "read", allowed: canExport, refusal: EXPORT_REFUSAL, params: batchIdParams, query: exportQuery },
  async ({ actor, params, query }) => {
    const batch = await getBatch(params.id);
    if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
    const filter = query.filter ?? null;
    const search = query.q ?? null;
    const body = await heldStream("EXPORT", actor.id, async () => {
      await recordAudit({
        actorId: actor.id,
        action: "export.batch",
        targetType: "Batch",
        targetId: batch.id,
        detail: { format: "csv", filter, search, through: "api" },
      });
      return reportStream(batch, filter, search);
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${reportFileName(batch.name, filter)}"`,
      },
    });
  },
);
