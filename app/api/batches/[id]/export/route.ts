// GET /api/batches/[id]/export?filter=&q=&language=&format=csv|xlsx – the batch's delivery report (or the filtered view),
// streamed: CSV of any size, XLSX up to 100,000 recipients (lib/batches/export-batch.ts, shared with the API).
import { z } from "zod";
import { exportQuery } from "@/lib/api/schemas/batches";
import { canExport, EXPORT_REFUSAL } from "@/lib/auth/permissions";
import { exportBatchResponse } from "@/lib/batches/export-batch";
import { batchParams, optionalParam } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

// The API's export query (the same filter, search and language), with the console's choice of format.
const query = exportQuery.extend({
  format: optionalParam(z.enum(["csv", "xlsx"], { error: "The format is csv or xlsx." })),
});

export const GET = route(
  { allowed: canExport, refusal: EXPORT_REFUSAL, params: batchParams, query },
  ({ actor, params, query }) =>
    exportBatchResponse({
      actorId: actor.id,
      batchId: params.id,
      filter: query.filter ?? null,
      search: query.q ?? null,
      language: query.language ?? null,
      format: query.format ?? "csv",
    }),
);
