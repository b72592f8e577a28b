// POST /api/v1/batches/[id]/resume – a paused batch sends again, as the batch page's Resume.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { AppError } from "@/lib/errors/app-error";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ scope: "send", allowed: canSend, params: batchIdParams }, async ({ actor, params }) => {
  if (!(await resumeBatch(params.id, actor.id))) throw new AppError("CONFLICT", "Only a paused batch can be resumed.");
  return json({ id: params.id, resumed: true });
});
