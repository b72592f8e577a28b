// The events a webhook endpoint can subscribe to, in their documented order (docs/webhooks.md), in one place: the
// form's checkboxes, the API's schema, the OpenAPI document's `webhooks` object and docs/webhooks.md. The SQL that
// writes them is the triggers of migration api_events (a test compares its state → event mapping with
// MESSAGE_STATE_EVENTS). Safe in the browser.
import type { MessageState } from "@/lib/generated/prisma/enums";

export const WEBHOOK_EVENTS = [
  "batch.started",
  "message.rejected",
  "message.suppressed",
  "message.cancelled",
  "message.unknown",
  "message.failed",
  "message.delivered",
  "message.answered",
  "message.escalated",
  "message.call_answered",
  "message.call_unanswered",
  "batch.paused",
  "batch.resumed",
  "batch.cancelled",
  "batch.sent",
  "batch.completed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent from the Webhooks page or POST /api/v1/webhooks/{id}/test, whatever the endpoint subscribes to. */
export const TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_INFO: Record<WebhookEvent, string> = {
  "batch.started": "A batch began sending (its first event: its messages' events follow it).",
  "message.rejected": "The provider refused a message (data.error says why).",
  "message.suppressed": "A number on the opt-out list was left out.",
  "message.cancelled": "A message was not sent because its batch was cancelled.",
  "message.unknown":
    "A message's outcome is unknown: the provider's answer never came (reason no_answer), or no receipt came within the no-receipt age (reason no_receipt).",
  "message.failed": "A message failed for good or for now (the failure class says which).",
  "message.delivered": "An SMS reached the phone (a delivery receipt said so).",
  "message.answered": "A voice call was answered.",
  "message.escalated": "An SMS not delivered in time was followed by a voice call (callBatchId, callMessageId).",
  "message.call_answered":
    "An escalated SMS's call was answered: the recipient was reached by call (data.reachedBy is call), on the SMS's own message and reference.",
  "message.call_unanswered":
    "An escalated SMS's call ended unanswered (data.callState: FAILED, REJECTED, UNKNOWN or CANCELLED), on the SMS's own message and reference.",
  "batch.paused":
    "A batch stopped sending; data.reason is out_of_units, token_refused, provider_unreachable, with_sms_batch or operator.",
  "batch.resumed": "A paused batch goes on.",
  "batch.cancelled": "A batch was cancelled: what was not sent never will be.",
  "batch.sent": "Every message of a batch was handed to the provider (or settled without it).",
  "batch.completed":
    "Every outcome of a sent batch is known, or the no-receipt age passed: its last event, after all the others.",
};

/** A message's new state → the event it raises (the triggers' tuma_message_event). */
export const MESSAGE_STATE_EVENTS = {
  REJECTED: "message.rejected",
  SUPPRESSED: "message.suppressed",
  CANCELLED: "message.cancelled",
  UNKNOWN: "message.unknown",
  FAILED: "message.failed",
  DELIVERED: "message.delivered",
  ANSWERED: "message.answered",
} as const satisfies Partial<Record<MessageState, WebhookEvent>>;

/** batch.paused's data.reason (the triggers' tuma_pause_code, from the pause's sentence: migration api_events). */
export const PAUSE_CODES = [
  "out_of_units",
  "token_refused",
  "provider_unreachable",
  "with_sms_batch",
  "operator",
] as const;

export const isWebhookEvent = (value: string): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);
