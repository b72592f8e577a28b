// The Event resource of /api/v1: the body of a webhook delivery, {type, timestamp, data}, per Standard Webhooks
// (docs/webhooks.md), one schema per event type. The outbox writes these payloads in SQL (the triggers of migration
// api_events, lib/webhooks/settle-outcomes.ts);
// this file is their contract, described in the OpenAPI document's `webhooks` object, and a test reads real
// deliveries against it. A new event type adds its schema to EVENT_SCHEMAS.
import { z } from "zod";
import type { WebhookEvent } from "@/lib/webhooks/events";
import { PAUSE_CODES, WEBHOOK_EVENT_INFO } from "@/lib/webhooks/events";
import { BATCH_STATES } from "./batch";
import { at, atOrNull, count, textOrNull } from "./common";
import { outcomeFields } from "./outcome-fields";

const messageData = z
  .object({
    batchId: z.uuid().meta({ description: "The message's batch.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    messageId: z
      .string()
      .regex(/^\d+$/)
      .meta({ description: "The message's id (GET /messages/{id}).", example: "4294967297" }),
    phone: z.string().meta({ description: "The number.", example: "254712345678" }),
    state: z
      .enum(["DELIVERED", "ANSWERED", "FAILED", "REJECTED", "SUPPRESSED", "CANCELLED", "UNKNOWN", "QUEUED"])
      .meta({
        description: "Its state (QUEUED: message.unknown with reason no_receipt, still waiting for a receipt).",
        example: "DELIVERED",
      }),
    deliveryStatus: textOrNull("The provider's status, as sent.", "DeliveredToTerminal"),
    failureClass: textOrNull("For a failure: `permanent` or `temporary` (worth resending); null otherwise.", null),
    receiptTime: atOrNull("The time the provider gave for it (UTC); null when it gave none."),
    error: textOrNull("The provider's refusal or the last sending error, as recorded; null when none.", null),
    ...outcomeFields,
  })
  .meta({ id: "MessageEventData", description: "The message an event is about." });

const unknownData = messageData
  .extend({
    reason: z.enum(["no_answer", "no_receipt"]).meta({
      description:
        "no_answer: the provider's answer to the request never came (the message is UNKNOWN); no_receipt: no receipt came within the no-receipt age (it is still QUEUED, a late receipt may settle it).",
      example: "no_receipt",
    }),
  })
  .meta({ id: "MessageUnknownEventData", description: "A message whose outcome is unknown, and why." });

const escalatedData = messageData
  .extend({
    callBatchId: z
      .uuid()
      .meta({ description: "The batch of calls it went into.", example: "7a1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    callMessageId: z.string().regex(/^\d+$/).meta({ description: "The call's message id.", example: "4294967400" }),
  })
  .meta({ id: "MessageEscalatedEventData", description: "An SMS followed by a call." });

const batchData = z
  .object({
    batchId: z.uuid().meta({ description: "The batch.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    name: z.string().meta({ description: "Its name.", example: "Appointment reminders" }),
    kind: z.enum(["SMS", "VOICE"]).meta({ description: "SMS or VOICE.", example: "SMS" }),
    state: z.enum(BATCH_STATES).meta({ description: "Its state after the event.", example: "SENDING" }),
    startedAt: atOrNull("When it began sending."),
    finishedAt: atOrNull("When its last request was answered (or it was cancelled)."),
    counts: z
      .object({
        recipients: count("Its recipients."),
        pending: count("Not yet handed to the provider."),
        noReceiptYet: count("Handed over, no final receipt yet."),
        delivered: count("Delivered."),
        answered: count("Answered (voice)."),
        failed: count("Failed."),
        rejected: count("Refused by the provider."),
        unknown: count("Outcome unknown (no answer to the request)."),
        cancelled: count("Cancelled."),
        suppressed: count("Left out (opted out)."),
        reached: count("Reached: SMS delivered, voice answered, or an SMS's escalation call answered."),
        reachedByCall: count("SMS not delivered whose escalation call was answered (counted in reached)."),
      })
      .meta({
        description:
          "Its messages by state when the event happened (recipients … suppressed add up to recipients; reached counts across them).",
      }),
  })
  .meta({ id: "BatchEventData", description: "The batch an event is about." });

const pausedData = batchData
  .extend({
    reason: z.enum(PAUSE_CODES).meta({ description: "Why it paused.", example: "out_of_units" }),
    reasonText: textOrNull(
      "The sentence the console shows for it; null when an operator paused it without one.",
      "Out of units: the provider refused to queue more messages (402 …).",
    ),
  })
  .meta({ id: "BatchPausedEventData", description: "A paused batch and why." });

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
  "batch.started": event("batch.started", batchData),
  "message.rejected": event("message.rejected", messageData),
  "message.suppressed": event("message.suppressed", messageData),
  "message.cancelled": event("message.cancelled", messageData),
  "message.unknown": event("message.unknown", unknownData),
  "message.failed": event("message.failed", messageData),
  "message.delivered": event("message.delivered", messageData),
  "message.answered": event("message.answered", messageData),
  "message.escalated": event("message.escalated", escalatedData),
  "message.call_answered": event("message.call_answered", messageData),
  "message.call_unanswered": event("message.call_unanswered", messageData),
  "batch.paused": event("batch.paused", pausedData),
  "batch.resumed": event("batch.resumed", batchData),
  "batch.cancelled": event("batch.cancelled", batchData),
  "batch.sent": event("batch.sent", batchData),
  "batch.completed": event("batch.completed", batchData),
} satisfies Record<WebhookEvent, z.ZodType>;

export const eventResourceSchema = z
  .union(Object.values(EVENT_SCHEMAS))
  .meta({ id: "Event", description: "A webhook delivery's body: its type, when it happened, and what it is about." });

export type EventResource = z.infer<typeof eventResourceSchema>;
