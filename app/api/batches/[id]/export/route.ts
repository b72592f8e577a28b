// GET /api/batches/[id]/export?filter=&q=&format=csv|xlsx – the batch's delivery report (or the filtered view),
// streamed: CSV of any size, XLSX up to 100,000 recipients.
import { z } from "zod";
import { canView } from "@/lib/auth/permissions";
import { reportFileName, reportStream } from "@/lib/batches/export-report";
import { reportXlsxStream } from "@/lib/batches/export-report-xlsx";
import { getBatch } from "@/lib/batches/get-batch";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { messageFilterSchema } from "@/lib/batches/states";
import { AppError } from "@/lib/errors/app-error";
import { heldStream } from "@/lib/fair-share/held-stream";
import { batchParams, optionalParam } from "@/lib/http/params";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

const query = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
  format: optionalParam(z.enum(["csv", "xlsx"], { error: "The format is csv or xlsx." })),
});

export const GET = route({ allowed: canView, params: batchParams, query }, async ({ actor, params, query }) => {
  const batch = await getBatch(params.id);
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  const filter = query.filter ?? null;
  // At most two exports per user at once (429), eight per process (503): lib/fair-share.
  if (query.format === "xlsx") {
    return new Response(await heldStream("EXPORT", actor.id, () => reportXlsxStream(batch, filter, query.q ?? null)), {
      headers: {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": `attachment; filename="${reportFileName(batch.name, filter).replace(/\.csv$/, ".xlsx")}"`,
      },
    });
  }
  return new Response(await heldStream("EXPORT", actor.id, () => reportStream(batch, filter, query.q ?? null)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportFileName(batch.name, filter)}"`,
    },
  });
});
