// GET /api/v1/webhooks/{id}/deliveries?before=&limit= – the endpoint's delivery log, newest first, a page at a time.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { webhookIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { deliveryJson } from "@/lib/webhooks/webhook-json";
import { listDeliveriesSchema } from "@/lib/webhooks/webhook-schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, params: webhookIdParams, query: listDeliveriesSchema },
  async ({ actor, params, query }) => {
    const page = await listDeliveries(actor, params.id, query);
    return json({ deliveries: page.deliveries.map(deliveryJson), nextBefore: page.nextBefore });
  },
);
