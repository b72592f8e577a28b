// POST /api/v1/webhooks/{id}/test – queue a test event (webhook.test) for the endpoint, as the Webhooks page's "Send
// a test event" does (lib/webhooks/test-event.ts); audited.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { webhookIdParams } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { sendTestEvent } from "@/lib/webhooks/test-event";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, params: webhookIdParams },
  async ({ actor, params }) => json(await sendTestEvent(actor, params.id), 201),
);
