// GET /api/v1/webhooks – the registered endpoints; POST – register one (its signing secret is in this answer only: a
// replay of its Idempotency-Key answers without it, lib/api/secret-shown-once.ts).
// The Webhooks page's services (lib/webhooks/endpoints.ts): the same checks, the same audit.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { jsonWithSecret } from "@/lib/api/secret-shown-once";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { endpointJson } from "@/lib/webhooks/webhook-json";
import { createWebhookSchema } from "@/lib/webhooks/webhook-schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "admin", allowed: canManageWebhooks }, async ({ actor }) =>
  json({ endpoints: (await listEndpoints(actor)).map(endpointJson) }),
);

export const POST = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, body: createWebhookSchema },
  async ({ actor, body }) => {
    const { endpoint, secret } = await createEndpoint(actor, body);
    return jsonWithSecret({ endpoint: endpointJson(endpoint), secret }, "secret", 201);
  },
);
