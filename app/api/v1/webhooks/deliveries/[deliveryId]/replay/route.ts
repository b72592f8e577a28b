// POST /api/v1/webhooks/deliveries/{deliveryId}/replay – send a delivery's event again (a new delivery, audited).
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { deliveryIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { replayDelivery } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, params: deliveryIdParams },
  async ({ actor, params }) => json(await replayDelivery(actor, params.deliveryId), 201),
);
