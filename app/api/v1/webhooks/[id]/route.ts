// GET /api/v1/webhooks/{id}; PATCH – change its URL, events, description or enabled; DELETE – remove it (204).
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { toWebhookEndpointResource } from "@/lib/api/resources/webhook-endpoint";
import { updateWebhookBodySchema, webhookIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

const gate = { scope: "admin", allowed: canManageWebhooks, params: webhookIdParams } as const;

export const GET = apiRoute(gate, async ({ actor, params }) =>
  json(toWebhookEndpointResource(await getEndpoint(actor, params.id))),
);

export const PATCH = apiRoute({ ...gate, body: updateWebhookBodySchema }, async ({ actor, params, body }) =>
  json(toWebhookEndpointResource(await updateEndpoint(actor, params.id, body))),
);

export const DELETE = apiRoute(gate, async ({ actor, params }) => {
  await deleteEndpoint(actor, params.id);
  return new Response(null, { status: 204 });
});
