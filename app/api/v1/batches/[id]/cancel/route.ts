// POST /api/v1/batches/[id]/cancel – the recipients not yet sent are not sent, as the batch page's Cancel; answers
// the batch as it now is. An unknown id is 404 (not_found) like every route's; a finished batch is 409.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { ApiProblem } from "@/lib/api/problem";
import { assertBatchExists, readBatchResource } from "@/lib/api/read-batches";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { cancelBatch } from "@/lib/batches/cancel-batch";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ scope: "send", allowed: canSend, params: batchIdParams }, async ({ actor, params }) => {
  await assertBatchExists(params.id);
  const cancelled = await cancelBatch(params.id, actor.id);
  if (cancelled === null) throw new ApiProblem(409, "batch_state_conflict", "This batch has already finished.");
  return json(await readBatchResource(params.id));
});
