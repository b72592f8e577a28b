// The per-state counters a Batch row carries, in display order, with their labels.
import type { MessageState } from "@/lib/generated/prisma/enums";

export const STATE_COUNTERS = [
  { state: "PENDING", field: "pendingCount", label: "Pending" },
  { state: "QUEUED", field: "queuedCount", label: "Queued" },
  { state: "DELIVERED", field: "deliveredCount", label: "Delivered" },
  { state: "ANSWERED", field: "answeredCount", label: "Answered" },
  { state: "FAILED", field: "failedCount", label: "Failed" },
  { state: "REJECTED", field: "rejectedCount", label: "Rejected" },
  { state: "UNKNOWN", field: "unknownCount", label: "Unknown" },
  { state: "CANCELLED", field: "cancelledCount", label: "Cancelled" },
  { state: "SUPPRESSED", field: "suppressedCount", label: "Suppressed" },
] as const satisfies readonly { state: MessageState; field: string; label: string }[];

export type CounterField = (typeof STATE_COUNTERS)[number]["field"];
export type BatchCounters = Record<CounterField, number>;
