// GET /api/v1/batches/[id]/export?filter=&q=&language= – the batch's delivery report as CSV, streamed through the console's
// export (lib/batches/export-batch.ts) in its slot (lib/fair-share: two per user, eight per process), audited.
import { apiRoute } from "@/lib/api/api-route";
import { batchIdParams, exportQuery } from "@/lib/api/schemas/batches";
import { canExport, EXPORT_REFUSAL } from "@/lib/auth/permissions";
import { exportBatchResponse } from "@/lib/batches/export-batch";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "read", allowed: canExport, refusal: EXPORT_REFUSAL, params: batchIdParams, query: exportQuery },
  ({ actor, params, query }) =>
    exportBatchResponse({
      actorId: actor.id,
      batchId: params.id,
      filter: query.filter ?? null,
      search: query.q ?? null,
      language: query.language ?? null,
      format: "csv",
      through: "api",
    }),
);
