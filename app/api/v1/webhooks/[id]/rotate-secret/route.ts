// POST /api/v1/webhooks/{id}/rotate-secret – a new signing secret (in this answer only: a replay of its
// Idempotency-Key answers without it); the old one still signs beside it until previousSecretValidUntil, so receivers
// can switch without losing a delivery.
import { apiRoute } from "@/lib/api/api-route";
import { jsonWithSecret } from "@/lib/api/secret-shown-once";
import { webhookIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, params: webhookIdParams },
  async ({ actor, params }) => {
    const { secret, previousValidUntil } = await rotateSecret(actor, params.id);
    return jsonWithSecret({ secret, previousSecretValidUntil: previousValidUntil }, "secret");
  },
);
