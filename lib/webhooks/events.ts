// The events a webhook endpoint can subscribe to, in one place: the form's checkboxes, the API's schema, the SQL that
// writes deliveries (outbox-sql.ts maps a message's new state to its event) and docs/webhooks.md. Safe in the
// browser.
import type { MessageState } from "@/lib/generated/prisma/enums";

export const WEBHOOK_EVENTS = ["message.delivered", "message.answered", "message.failed", "batch.completed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_INFO: Record<WebhookEvent, string> = {
  "message.delivered": "An SMS reached the phone (a delivery receipt said so).",
  "message.answered": "A voice call was answered.",
  "message.failed": "A message failed for good or for now (the failure class says which).",
  "batch.completed": "A batch has nothing left to send.",
};

/** The message state a receipt sets → the event it raises. The final states of lib/batches/states.ts. */
export const MESSAGE_STATE_EVENTS = {
  DELIVERED: "message.delivered",
  ANSWERED: "message.answered",
  FAILED: "message.failed",
} as const satisfies Partial<Record<MessageState, WebhookEvent>>;

export const isWebhookEvent = (value: string): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);
