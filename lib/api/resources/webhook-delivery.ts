// The WebhookDelivery resource of /api/v1: one event's delivery to one endpoint and how it went, mapped in one place
// (toWebhookDeliveryResource) from the delivery log's view (lib/webhooks/deliveries.ts), without the payload.
import { z } from "zod";
import type { WebhookDeliveryView } from "@/lib/webhooks/deliveries";
import { at, atOrNull, iso } from "./common";

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
    attempts: z.number().int().min(0).meta({ description: "Attempts made so far.", example: 1 }),
    nextAttemptAt: atOrNull("When it is tried next; null when it is not."),
    lastAttemptAt: atOrNull("When it was last tried; null before the first attempt."),
    lastStatusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's last HTTP status; null when none came.", example: 200 }),
    lastLatencyMs: z
      .number()
      .int()
      .nullable()
      .meta({ description: "How long the last attempt took, in ms.", example: 84 }),
    lastError: z
      .string()
      .nullable()
      .meta({ description: "Why the last attempt failed; null when it did not.", example: null }),
    responseExcerpt: z
      .string()
      .nullable()
      .meta({ description: "The start of the receiver's last answer.", example: "ok" }),
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
