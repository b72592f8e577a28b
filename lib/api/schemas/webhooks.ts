// The /api/v1/webhooks operations' parameters and examples; the bodies are the console's own schemas
// (lib/webhooks/webhook-schemas.ts), so a rule for an endpoint is written once.
import { z } from "zod";
import { allowedHostsSchema } from "@/lib/webhooks/webhook-schemas";

export const webhookIdParams = z.object({ id: z.uuid({ error: "Not a webhook endpoint id." }) });
export const deliveryIdParams = z.object({
  deliveryId: z.string().regex(/^[0-9]{1,18}$/, "Not a delivery id."),
});
export const allowedHostsBodySchema = z.object({ hosts: allowedHostsSchema });

/** A sink on the machine running Tuma: allowed first (the example below), as private addresses must be. */
export const ALLOWED_HOSTS_EXAMPLE = { hosts: ["127.0.0.1:8787"] };
export const CREATE_WEBHOOK_EXAMPLE = {
  url: "http://127.0.0.1:8787/tuma-webhooks",
  events: ["message.delivered", "message.failed", "batch.completed"],
  description: "Our CRM",
};
export const UPDATE_WEBHOOK_EXAMPLE = { events: ["message.delivered", "batch.completed"], enabled: true };
