// GET /api/batches/[id]/report – a batch's delivery report (over time, by operator, failure reasons), polled by its
// page every 15 s while the batch can change. Computed at most once per batch every few seconds (cached), so any
// number of open pages costs one pass over the batch's messages.
import { canView } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { batchParams } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";
import { serialize } from "@/lib/http/serialize";
import { getBatchReport } from "@/lib/reports/batch-report";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canView, params: batchParams }, async ({ params }) => {
  const report = await getBatchReport(params.id);
  if (!report) throw new AppError("NOT_FOUND", "No such batch.");
  return Response.json(serialize(report));
});
