// What the API (/api/v1/webhooks) answers for endpoints and deliveries: zod schemas (for the OpenAPI document) and the
// functions that turn the services' views into them — times as ISO 8601 instants, ids as strings, never a secret.
import { z } from "zod";
import type { WebhookDeliveryView } from "./deliveries";
import type { WebhookEndpointView } from "./endpoints";
import { isWebhookEvent, WEBHOOK_EVENTS } from "./events";

const instant = z.iso.datetime();

export const webhookEndpointJsonSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledAt: instant.nullable(),
  disabledReason: z.string().nullable(),
  failingSince: instant.nullable(),
  previousSecretValidUntil: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type WebhookEndpointJson = z.infer<typeof webhookEndpointJsonSchema>;

/** Registering or rotating answers with the secret, once. */
export const webhookSecretJsonSchema = z.object({
  secret: z.string().regex(/^whsec_/),
});

export const webhookDeliveryJsonSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  eventId: z.string(),
  state: z.enum(["PENDING", "DELIVERED", "FAILED"]),
  attempts: z.number().int(),
  nextAttemptAt: instant.nullable(),
  lastAttemptAt: instant.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  createdAt: instant,
  deliveredAt: instant.nullable(),
});
export type WebhookDeliveryJson = z.infer<typeof webhookDeliveryJsonSchema>;

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

export function endpointJson(e: WebhookEndpointView): WebhookEndpointJson {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events.filter(isWebhookEvent),
    enabled: e.enabled,
    disabledAt: iso(e.disabledAt),
    disabledReason: e.disabledReason,
    failingSince: iso(e.failingSince),
    previousSecretValidUntil: iso(e.previousSecretUntil),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function deliveryJson(d: WebhookDeliveryView): WebhookDeliveryJson {
  return {
    ...d,
    nextAttemptAt: iso(d.nextAttemptAt),
    lastAttemptAt: iso(d.lastAttemptAt),
    createdAt: d.createdAt.toISOString(),
    deliveredAt: iso(d.deliveredAt),
  };
}
