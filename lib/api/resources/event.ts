// The Event resource of /api/v1: the body of a webhook delivery, {type, timestamp, data}, per Standard Webhooks
// (docs/webhooks.md), one schema per event type. The outbox writes these payloads in SQL (lib/webhooks/outbox-sql.ts);
// this file is their contract, described in the OpenAPI document's `webhooks` object, and a test reads real
// deliveries against it. A new event type adds its schema to EVENT_SCHEMAS.
import { z } from "zod";
import type { WebhookEvent } from "@/lib/webhooks/events";
import { WEBHOOK_EVENT_INFO } from "@/lib/webhooks/events";
import { at, atOrNull } from "./common";

const messageData = z
  .object({
    batchId: z.uuid().meta({ description: "The message's batch.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    messageId: z
      .string()
      .regex(/^\d+$/)
      .meta({ description: "The message's id (GET /messages/{id}).", example: "4294967297" }),
    phone: z.string().meta({ description: "The number.", example: "254712345678" }),
    state: z.enum(["DELIVERED", "ANSWERED", "FAILED"]).meta({ description: "Its new state.", example: "DELIVERED" }),
    deliveryStatus: z
      .string()
      .nullable()
      .meta({ description: "The provider's status, as sent.", example: "DeliveredToTerminal" }),
    failureClass: z.string().nullable().meta({
      description: "For a failure: `permanent` or `temporary` (worth resending); null otherwise.",
      example: null,
    }),
    receiptTime: atOrNull("The time the provider gave for it (UTC); null when it gave none."),
  })
  .meta({ id: "MessageEventData", description: "The message an event is about." });

const batchCompletedData = z
  .object({
    batchId: z.uuid().meta({ description: "The batch.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    name: z.string().meta({ description: "Its name.", example: "Appointment reminders" }),
    kind: z.enum(["SMS", "VOICE"]).meta({ description: "SMS or VOICE.", example: "SMS" }),
    state: z.literal("COMPLETED").meta({ description: "Its state.", example: "COMPLETED" }),
    finishedAt: atOrNull("When its last request was answered."),
  })
  .meta({ id: "BatchCompletedData", description: "The batch an event is about." });

function event<T extends z.ZodType>(type: WebhookEvent, data: T) {
  const id = `Event_${type.replace(/(^|[._])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase())}`;
  return z
    .object({
      type: z.literal(type).meta({ description: "The event's type.", example: type }),
      timestamp: at("When the event happened."),
      data,
    })
    .meta({ id, description: WEBHOOK_EVENT_INFO[type] });
}

export const EVENT_SCHEMAS = {
  "message.delivered": event("message.delivered", messageData),
  "message.answered": event("message.answered", messageData),
  "message.failed": event("message.failed", messageData),
  "batch.completed": event("batch.completed", batchCompletedData),
} satisfies Record<WebhookEvent, z.ZodType>;

export const eventResourceSchema = z
  .union(Object.values(EVENT_SCHEMAS))
  .meta({ id: "Event", description: "A webhook delivery's body: its type, when it happened, and what it is about." });

export type EventResource = z.infer<typeof eventResourceSchema>;
