// POST /api/v1/batches/[id]/cancel – the recipients not yet sent are not sent, as the batch page's Cancel.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { cancelBatch } from "@/lib/batches/cancel-batch";
import { AppError } from "@/lib/errors/app-error";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ scope: "send", allowed: canSend, params: batchIdParams }, async ({ actor, params }) => {
  const cancelled = await cancelBatch(params.id, actor.id);
  if (cancelled === null) throw new AppError("CONFLICT", "This batch has already finished.");
  return json({ id: params.id, cancelled });
});
