// GET /api/v1/batches/[id]/messages?filter=&q=&after= – one page of a batch's recipients, as the console pages them.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { batchIdParams, messagesQuery } from "@/lib/api/schemas/batches";
import { canView } from "@/lib/auth/permissions";
import { listMessages } from "@/lib/batches/list-messages";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "read", allowed: canView, params: batchIdParams, query: messagesQuery },
  async ({ params, query }) =>
    json(await listMessages(params.id, { filter: query.filter ?? null, search: query.q ?? null, after: query.after })),
);
