// The /api/v1/webhooks operations' parameters and examples; the bodies are the console's own schemas
// (lib/webhooks/webhook-schemas.ts), so a rule for an endpoint is written once — strict here, so a field the API does
// not know is refused by name.
import { z } from "zod";
import { TEST_EVENT, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { EVENTS_CURSOR } from "@/lib/webhooks/events-cursor";
import { allowedHostsSchema, createWebhookSchema, updateWebhookSchema } from "@/lib/webhooks/webhook-schemas";
import { cursorDescription, limitParam } from "../resources/common";

export const createWebhookBodySchema = createWebhookSchema.strict().meta({ id: "CreateWebhook" });
export const updateWebhookBodySchema = updateWebhookSchema.strict().meta({ id: "UpdateWebhook" });

const eventTypeParam = z
  .enum([...WEBHOOK_EVENTS, TEST_EVENT], {
    error: `An event type is one of ${WEBHOOK_EVENTS.join(", ")} or ${TEST_EVENT}.`,
  })
  .optional()
  .meta({ description: "Only events of this type.", example: "message.failed" });

/** A page of the delivery log, newest first, filtered: the cursor is the last delivery shown. */
export const deliveriesQuery = z.object({
  limit: limitParam,
  cursor: z
    .string()
    .regex(/^[0-9]{1,18}$/, "This cursor is not one a page of deliveries gave.")
    .optional()
    .meta({ description: cursorDescription }),
  eventType: eventTypeParam,
  state: z
    .enum(["PENDING", "DELIVERED", "FAILED"], { error: "A state is PENDING, DELIVERED or FAILED." })
    .optional()
    .meta({ description: "Only deliveries in this state.", example: "FAILED" }),
  since: z.iso
    .datetime({ offset: true, error: "A time with its zone, such as 2026-12-01T09:00:00+03:00." })
    .optional()
    .meta({ description: "Only deliveries queued at or after this instant.", example: "2026-12-01T00:00:00Z" }),
  until: z.iso
    .datetime({ offset: true, error: "A time with its zone, such as 2026-12-01T09:00:00+03:00." })
    .optional()
    .meta({ description: "Only deliveries queued before this instant.", example: "2026-12-02T00:00:00Z" }),
});

/** Events recovered since a time, oldest first (lib/webhooks/recover-events.ts). */
export const eventsQuery = z.object({
  endpointId: z.uuid({ error: "Not a webhook endpoint id." }).meta({
    description: "The endpoint whose events to read: each event as it was queued for it, whatever became of it.",
  }),
  since: z.iso
    .datetime({ offset: true, error: "A time with its zone, such as 2026-12-01T09:00:00+03:00." })
    .meta({ description: "Events queued at or after this instant.", example: "2026-12-01T00:00:00Z" }),
  type: eventTypeParam,
  limit: limitParam,
  cursor: z
    .string()
    .regex(EVENTS_CURSOR, "This cursor is not one a page of events gave.")
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
