// GET /api/v1/batches/[id] – a batch as its Batch resource (lib/api/resources/batch.ts): settings, state, counts,
// what is in flight, its phase and plan.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { readBatchResource } from "@/lib/api/read-batches";
import { batchIdParams } from "@/lib/api/schemas/batches";
import { canView } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, params: batchIdParams }, async ({ params }) =>
  json(await readBatchResource(params.id)),
);
