// POST /api/v1/batches/[id]/pause – stop sending (requests in flight finish), as the batch page's Pause.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { AppError } from "@/lib/errors/app-error";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ scope: "send", allowed: canSend, params: batchIdParams }, async ({ actor, params }) => {
  if (!(await pauseBatch(params.id, "Paused through the API.", actor.id)))
    throw new AppError("CONFLICT", "Only a sending, queued or scheduled batch can be paused.");
  return json({ id: params.id, paused: true });
});
