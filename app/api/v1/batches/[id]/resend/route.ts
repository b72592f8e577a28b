// POST /api/v1/batches/[id]/resend – a new batch to the recipients the scope names (undelivered, no receipt, …), as
// the batch page's Resend.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { toCreatedBatchResource } from "@/lib/api/resources/created";
import { batchIdParams, resendBodySchema } from "@/lib/api/schemas/batches";
import { canSend } from "@/lib/auth/permissions";
import { resendBatch } from "@/lib/batches/resend-batch";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { scope: "send", allowed: canSend, params: batchIdParams, body: resendBodySchema },
  async ({ actor, params, body }) => {
    const created = await resendBatch(params.id, body, actor.id);
    return json(toCreatedBatchResource(created), 201);
  },
);
