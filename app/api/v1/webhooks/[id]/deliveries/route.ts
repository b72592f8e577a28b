// GET /api/v1/webhooks/{id}/deliveries?limit=&cursor=&eventType=&state=&since=&until= – the endpoint's delivery log,
// newest first, filtered, a page at a time;
// 404 for an unknown endpoint (never an empty page).
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { pageOf } from "@/lib/api/resources/common";
import { toWebhookDeliveryResource } from "@/lib/api/resources/webhook-delivery";
import { deliveriesQuery, webhookIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { getEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, params: webhookIdParams, query: deliveriesQuery },
  async ({ actor, params, query }) => {
    await getEndpoint(actor, params.id);
    // One more than the page: whether another follows (has_more) without an empty last page.
    const { cursor, limit, ...filters } = query;
    const { deliveries } = await listDeliveries(actor, params.id, { ...filters, before: cursor, limit: limit + 1 });
    return json(pageOf(deliveries, query.limit, (delivery) => delivery.id, toWebhookDeliveryResource));
  },
);
