// GET /api/v1/webhooks/{id}; PATCH – change its URL, events, description or enabled; DELETE – remove it.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { webhookIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { endpointJson } from "@/lib/webhooks/webhook-json";
import { updateWebhookSchema } from "@/lib/webhooks/webhook-schemas";

export const dynamic = "force-dynamic";

const gate = { scope: "admin", allowed: canManageWebhooks, params: webhookIdParams } as const;

export const GET = apiRoute(gate, async ({ actor, params }) => json(endpointJson(await getEndpoint(actor, params.id))));

export const PATCH = apiRoute({ ...gate, body: updateWebhookSchema }, async ({ actor, params, body }) =>
  json(endpointJson(await updateEndpoint(actor, params.id, body))),
);

export const DELETE = apiRoute(gate, async ({ actor, params }) => {
  await deleteEndpoint(actor, params.id);
  return json({ id: params.id, deleted: true });
});
