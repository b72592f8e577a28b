// GET /api/batches/[id]/export?filter=&q= – the batch's delivery report (or the filtered view) as CSV, streamed.
import { z } from "zod";
import { canView } from "@/lib/auth/permissions";
import { reportFileName, reportStream } from "@/lib/batches/export-report";
import { getBatch } from "@/lib/batches/get-batch";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { messageFilterSchema } from "@/lib/batches/states";
import { AppError } from "@/lib/errors/app-error";
import { batchParams, optionalParam } from "@/lib/http/params";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

const query = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
});

export const GET = route({ allowed: canView, params: batchParams, query }, async ({ params, query }) => {
  const batch = await getBatch(params.id);
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  const filter = query.filter ?? null;
  return new Response(reportStream(batch, filter, query.q ?? null), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportFileName(batch.name, filter)}"`,
    },
  });
});
