// GET /api/v1/messages/[id] – one message as its resource, with every receipt the provider sent for it.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { readMessageResource } from "@/lib/api/read-messages";
import { messageParams } from "@/lib/api/schemas/messages";
import { canView } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "read", allowed: canView, params: messageParams }, async ({ params }) =>
  json(await readMessageResource(params.id)),
);
