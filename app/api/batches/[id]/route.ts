// GET /api/batches/[id] – a batch's state and counters, polled by its page for live progress.
import { canView } from "@/lib/auth/permissions";
import { getBatch } from "@/lib/batches/get-batch";
import { AppError } from "@/lib/errors/app-error";
import { batchParams } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";
import { serialize } from "@/lib/http/serialize";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canView, params: batchParams }, async ({ params }) => {
  const batch = await getBatch(params.id);
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  return Response.json(serialize(batch));
});
