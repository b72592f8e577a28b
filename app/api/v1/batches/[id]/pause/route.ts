// POST /api/v1/batches/[id]/pause – stop sending (requests in flight finish), as the batch page's Pause; answers the
// batch as it now is. An unknown id is 404 (not_found) like every route's; a batch that cannot pause is 409.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { ApiProblem } from "@/lib/api/problem";
import { assertBatchExists, readBatchResource } from "@/lib/api/read-batches";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { pauseBatch } from "@/lib/batches/pause-batch";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ scope: "send", allowed: canSend, params: batchIdParams }, async ({ actor, params }) => {
  await assertBatchExists(params.id);
  if (!(await pauseBatch(params.id, "Paused through the API.", actor.id)))
    throw new ApiProblem(409, "batch_state_conflict", "Only a sending, queued or scheduled batch can be paused.");
  return json(await readBatchResource(params.id));
});
