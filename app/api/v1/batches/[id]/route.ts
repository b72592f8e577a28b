// GET /api/v1/batches/[id] – a batch: settings, state, counters, what is in flight and its phase (where it stands).
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canView } from "@/lib/auth/permissions";
import { getBatch } from "@/lib/batches/get-batch";
import { AppError } from "@/lib/errors/app-error";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, params: batchIdParams }, async ({ params }) => {
  const batch = await getBatch(params.id);
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  return json(batch);
});
