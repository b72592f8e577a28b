// The /api/v1/webhooks operations' parameters and examples; the bodies are the console's own schemas
// (lib/webhooks/webhook-schemas.ts), so a rule for an endpoint is written once — strict here, so a field the API does
// not know is refused by name.
import { z } from "zod";
import { allowedHostsSchema, createWebhookSchema, updateWebhookSchema } from "@/lib/webhooks/webhook-schemas";
import { cursorDescription, limitParam } from "../resources/common";

export const createWebhookBodySchema = createWebhookSchema.strict().meta({ id: "CreateWebhook" });
export const updateWebhookBodySchema = updateWebhookSchema.strict().meta({ id: "UpdateWebhook" });

/** A page of the delivery log, newest first: the cursor is the last delivery shown. */
export const deliveriesQuery = z.object({
  limit: limitParam,
  cursor: z
    .string()
    .regex(/^[0-9]{1,18}$/, "This cursor is not one a page of deliveries gave.")
    .optional()
    .meta({ description: cursorDescription }),
});

export const webhookIdParams = z.object({ id: z.uuid({ error: "Not a webhook endpoint id." }) });
export const deliveryIdParams = z.object({
  deliveryId: z.string().regex(/^[0-9]{1,18}$/, "Not a delivery id."),
});
export const allowedHostsBodySchema = z.strictObject({ hosts: allowedHostsSchema }).meta({ id: "AllowedHosts" });

/** A sink on the machine running Tuma: allowed first (the example below), as private addresses must be. */
export const ALLOWED_HOSTS_EXAMPLE = { hosts: ["127.0.0.1:8787"] };
export const CREATE_WEBHOOK_EXAMPLE = {
  url: "http://127.0.0.1:8787/tuma-webhooks",
  events: ["message.delivered", "message.failed", "batch.completed"],
  description: "Our CRM",
};
export const UPDATE_WEBHOOK_EXAMPLE = { events: ["message.delivered", "batch.completed"], enabled: true };
