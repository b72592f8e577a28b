// GET /api/v1/webhooks – the registered endpoints; POST – register one (its signing secret is in this answer only: a
// replay of its Idempotency-Key answers without it, lib/api/secret-shown-once.ts).
// The Webhooks page's services (lib/webhooks/endpoints.ts): the same checks, the same audit.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { jsonWithSecret } from "@/lib/api/secret-shown-once";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { allInOnePage } from "@/lib/api/resources/common";
import { toWebhookEndpointResource } from "@/lib/api/resources/webhook-endpoint";
import { createWebhookBodySchema } from "@/lib/api/schemas/webhooks";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ scope: "admin", allowed: canManageWebhooks }, async ({ actor }) =>
  json(allInOnePage((await listEndpoints(actor)).map(toWebhookEndpointResource))),
);

export const POST = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, body: createWebhookBodySchema },
  async ({ actor, body }) => {
    const { endpoint, secret } = await createEndpoint(actor, body);
    return jsonWithSecret({ endpoint: toWebhookEndpointResource(endpoint), secret }, "secret", 201);
  },
);
