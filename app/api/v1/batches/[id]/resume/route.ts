// POST /api/v1/batches/[id]/resume – a paused batch sends again, as the batch page's Resume; answers the batch as it
// now is. An unknown id is 404 (not_found) like every route's; a batch that is not paused is 409.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { ApiProblem } from "@/lib/api/problem";
import { assertBatchExists, readBatchResource } from "@/lib/api/read-batches";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { resumeBatch } from "@/lib/batches/resume-batch";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ scope: "send", allowed: canSend, params: batchIdParams }, async ({ actor, params }) => {
  await assertBatchExists(params.id);
  if (!(await resumeBatch(params.id, actor.id)))
    throw new ApiProblem(409, "batch_state_conflict", "Only a paused batch can be resumed.");
  return json(await readBatchResource(params.id));
});
