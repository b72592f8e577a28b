// The batch, message and chunk facts that pages, routes and SQL must agree on, each written once. SQL takes them as
// parameters (`state = ANY($n::"BatchState"[])`) or as literals rendered from these constants by state-sql.ts, never
// typed into a query, so a state added here is added everywhere. Every state of each enum is classified by the sets
// below (states.test.ts fails on a state that no set classifies). Safe in the browser.
import { z } from "zod";
import type { BatchState, ChunkState, MessageState } from "@/lib/generated/prisma/enums";

/** Batches that can still send or change: shown live, counted as active, cancellable. */
export const ACTIVE_BATCH_STATES = [
  "SCHEDULED",
  "QUEUED",
  "SENDING",
  "PAUSED",
] as const satisfies readonly BatchState[];
/** Batches that ended: nothing more is sent. With ACTIVE_BATCH_STATES, every batch state. */
export const FINISHED_BATCH_STATES = ["COMPLETED", "CANCELLED", "FAILED"] as const satisfies readonly BatchState[];
/** Batches an operator can pause. */
export const PAUSABLE_BATCH_STATES = ["SENDING", "QUEUED", "SCHEDULED"] as const satisfies readonly BatchState[];
/** Batches a start job may begin sending. */
export const STARTABLE_BATCH_STATES = ["QUEUED", "SCHEDULED"] as const satisfies readonly BatchState[];

export function isActiveBatch(state: string): boolean {
  return (ACTIVE_BATCH_STATES as readonly string[]).includes(state);
}

export function isPausableBatch(state: string): boolean {
  return (PAUSABLE_BATCH_STATES as readonly string[]).includes(state);
}

export const MESSAGE_STATES = [
  "PENDING",
  "QUEUED",
  "DELIVERED",
  "ANSWERED",
  "FAILED",
  "REJECTED",
  "UNKNOWN",
  "CANCELLED",
  "SUPPRESSED",
] as const satisfies readonly MessageState[];

/**
 * The states a final receipt gives (lib/receipts/status-map.ts): once a message holds one, only a later final receipt
 * replaces it, and an intermediate receipt never does.
 */
export const FINAL_MESSAGE_STATES = ["DELIVERED", "ANSWERED", "FAILED"] as const satisfies readonly MessageState[];

/**
 * Messages whose acceptance by the provider is not known yet: waiting for the answer (PENDING) or whose answer was
 * lost (UNKNOWN). Proof of acceptance — the provider's answer, a receipt that is not final — makes them QUEUED.
 */
export const UNCONFIRMED_MESSAGE_STATES = ["PENDING", "UNKNOWN"] as const satisfies readonly MessageState[];

/**
 * States most recipients of a batch never reach. Each message in one of them has a row in MessageRareState (kept by
 * triggers; the migration rare_message_states lists the same states), so a filter on one reads those rows instead of
 * passing over the whole batch — and Message needs no index on its state, which keeps its updates HOT.
 */
export const UNCOMMON_MESSAGE_STATES = [
  "FAILED",
  "REJECTED",
  "UNKNOWN",
  "CANCELLED",
  "SUPPRESSED",
] as const satisfies readonly MessageState[];

/** The states most messages pass through or end in: every state but the uncommon ones. */
export const COMMON_MESSAGE_STATES = [
  "PENDING",
  "QUEUED",
  "DELIVERED",
  "ANSWERED",
] as const satisfies readonly MessageState[];

export function isUncommonState(state: string): boolean {
  return (UNCOMMON_MESSAGE_STATES as readonly string[]).includes(state);
}

/**
 * "No receipt yet": accepted by the provider (QUEUED) and still without a final receipt after the no-receipt age
 * (NO_RECEIPT_AFTER_HOURS). Not a state of its own: the message may still get its receipt.
 */
export const NO_RECEIPT = "NO_RECEIPT";
export const NO_RECEIPT_STATE = "QUEUED" satisfies MessageState;

/** The filters of a batch's recipients list and export, in the order the page offers them. */
export const MESSAGE_FILTERS = [
  { value: "PENDING", label: "Pending" },
  { value: "QUEUED", label: "Queued" },
  { value: "DELIVERED", label: "Delivered" },
  { value: "ANSWERED", label: "Answered" },
  { value: "FAILED", label: "Failed" },
  { value: "REJECTED", label: "Rejected" },
  { value: "UNKNOWN", label: "Unknown" },
  { value: NO_RECEIPT, label: "No receipt yet" },
  { value: "CANCELLED", label: "Cancelled" },
  { value: "SUPPRESSED", label: "Suppressed" },
] as const satisfies readonly { value: MessageState | typeof NO_RECEIPT; label: string }[];

export type MessageFilter = (typeof MESSAGE_FILTERS)[number]["value"];

export const messageFilterSchema = z.enum(MESSAGE_FILTERS.map((f) => f.value) as [MessageFilter, ...MessageFilter[]], {
  error: `Unknown filter. Use one of ${MESSAGE_FILTERS.map((f) => f.value).join(", ")}.`,
});

/** Batches up to this many recipients can be exported as XLSX as well as CSV. */
export const XLSX_MAX_ROWS = 100_000;

/**
 * Messages that left for the provider (or were refused by it): every state but waiting, cancelled and suppressed.
 * "Sent" in every report, and the denominator of the delivery rate.
 */
export const SENT_STATES = [
  "QUEUED",
  "DELIVERED",
  "ANSWERED",
  "FAILED",
  "REJECTED",
  "UNKNOWN",
] as const satisfies readonly MessageState[];
/** Reached the recipient (a voice call answered counts as delivered). */
export const DELIVERED_STATES = ["DELIVERED", "ANSWERED"] as const satisfies readonly MessageState[];
/**
 * The states a resend can take a message in (besides "no receipt yet", NO_RECEIPT): the outcome is unknown, or it
 * failed. Refused by the provider (REJECTED) is not taken: the same request would be refused again.
 */
export const RESENDABLE_STATES = ["UNKNOWN", "FAILED"] as const satisfies readonly MessageState[];
/** Did not reach the recipient: a failure receipt, or refused by the provider. */
export const FAILED_STATES = ["FAILED", "REJECTED"] as const satisfies readonly MessageState[];
/** Ended without reaching the recipient or with an outcome nobody knows: the states failure reasons are read from. */
export const PROBLEM_STATES = ["FAILED", "REJECTED", "UNKNOWN"] as const satisfies readonly MessageState[];

/** Never left for the provider: waiting, cancelled or suppressed. With SENT_STATES, every message state. */
export const UNSENT_STATES = ["PENDING", "CANCELLED", "SUPPRESSED"] as const satisfies readonly MessageState[];

/** Chunks still to send (PENDING) or in flight (SUBMITTING): a batch with one is not finished. */
export const OPEN_CHUNK_STATES = ["PENDING", "SUBMITTING"] as const satisfies readonly ChunkState[];
/** Chunks sent and recorded (DONE) or never to be sent (CANCELLED). With OPEN_CHUNK_STATES, every chunk state. */
export const CLOSED_CHUNK_STATES = ["DONE", "CANCELLED"] as const satisfies readonly ChunkState[];

/** Delivered ÷ sent, as a fraction (null when nothing was sent). Messages still awaiting a receipt count as not delivered. */
export function deliveryRate(delivered: number, sent: number): number | null {
  return sent > 0 ? delivered / sent : null;
}
