// The WebhookEndpoint resource of /api/v1: a registered receiver — its URL, events and health — mapped in one place
// (toWebhookEndpointResource) from the Webhooks page's view (lib/webhooks/endpoints.ts), never a secret.
import { z } from "zod";
import { isWebhookEvent, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import type { WebhookEndpointView } from "@/lib/webhooks/endpoints";
import { at, atOrNull, iso, textOrNull } from "./common";

export const webhookEndpointResourceSchema = z
  .object({
    id: z.uuid().meta({ description: "The endpoint's id.", example: "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f" }),
    url: z
      .string()
      .meta({ description: "Where deliveries are POSTed.", example: "https://crm.example.org/tuma-webhooks" }),
    description: z.string().meta({ description: "A note for people.", example: "Our CRM" }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .meta({ description: "The event types it receives.", example: ["message.delivered", "batch.completed"] }),
    enabled: z.boolean().meta({ description: "Whether deliveries are made to it.", example: true }),
    disabledAt: atOrNull("When it was disabled (by a person, or after failing for days); null when enabled."),
    disabledReason: textOrNull("Why it was disabled; null when enabled.", null),
    failingSince: atOrNull("Since when every delivery to it has failed; null when the last one succeeded."),
    previousSecretValidUntil: atOrNull("After a rotation, until when the previous secret also signs; null otherwise."),
    createdAt: at("When it was registered."),
    updatedAt: at("When it was last changed."),
  })
  .meta({ id: "WebhookEndpoint", description: "A registered webhook receiver." });

export type WebhookEndpointResource = z.infer<typeof webhookEndpointResourceSchema>;

export function toWebhookEndpointResource(e: WebhookEndpointView): WebhookEndpointResource {
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
