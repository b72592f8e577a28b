// GET /api/v1/batches/[id]/messages?filter=&q=&language=&limit=&cursor= – a page of a batch's messages in id order, as the
// Message resource; 404 for an unknown batch (never an empty page).
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { pageBatchMessages } from "@/lib/api/read-messages";
import { batchIdParams, messagesQuery } from "@/lib/api/schemas/batches";
import { canView } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "read", allowed: canView, params: batchIdParams, query: messagesQuery },
  async ({ params, query }) => json(await pageBatchMessages(params.id, query)),
);
