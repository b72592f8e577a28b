// The WebhookDelivery resource of /api/v1: one event's delivery to one endpoint and how it went, mapped in one place
// (toWebhookDeliveryResource) from the delivery log's view (lib/webhooks/deliveries.ts), without the payload.
import { z } from "zod";
import type { WebhookDeliveryView } from "@/lib/webhooks/deliveries";
import { at, atOrNull, count, iso, textOrNull, intOrNull } from "./common";

export const webhookDeliveryResourceSchema = z
  .object({
    id: z.string().regex(/^\d+$/).meta({ description: "The delivery's id, digits.", example: "1042" }),
    eventType: z.string().meta({ description: "The event's type.", example: "message.delivered" }),
    eventId: z.string().meta({
      description: "The event's id: the webhook-id header, the same on every retry and replay.",
      example: "msg_rcpt_88231",
    }),
    state: z.enum(["PENDING", "DELIVERED", "FAILED"]).meta({
      description: "PENDING (will be tried, or tried again), DELIVERED (a 2xx answer) or FAILED (retries exhausted).",
      example: "DELIVERED",
    }),
    attempts: count("Attempts made so far.", 1),
    nextAttemptAt: atOrNull("When it is tried next; null when it is not."),
    lastAttemptAt: atOrNull("When it was last tried; null before the first attempt."),
    lastStatusCode: intOrNull("The receiver's last HTTP status; null when none came.", 200),
    lastLatencyMs: intOrNull("How long the last attempt took, in ms.", 84),
    lastError: textOrNull("Why the last attempt failed; null when it did not.", null),
    responseExcerpt: textOrNull("The start of the receiver's last answer.", "ok"),
    createdAt: at("When the event was queued for this endpoint."),
    deliveredAt: atOrNull("When a 2xx answer came; null before."),
  })
  .meta({ id: "WebhookDelivery", description: "An event's delivery to an endpoint." });

export type WebhookDeliveryResource = z.infer<typeof webhookDeliveryResourceSchema>;

export function toWebhookDeliveryResource(d: WebhookDeliveryView): WebhookDeliveryResource {
  return {
    id: d.id,
    eventType: d.eventType,
    eventId: d.eventId,
    state: d.state,
    attempts: d.attempts,
    nextAttemptAt: iso(d.nextAttemptAt),
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastLatencyMs: d.lastLatencyMs,
    lastError: d.lastError,
    responseExcerpt: d.responseExcerpt,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: iso(d.deliveredAt),
  };
}
