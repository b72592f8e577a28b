import { formatCount } from "@/lib/numbers/format";
// Where a batch stands, in the operator's words. Its state (BatchState) says what dispatch is doing; once everything is
// sent (COMPLETED) the outcome is still open while receipts are awaited, so a batch is "waiting for N receipts" and
// "finished" only when every accepted message has its final receipt, or when the no-receipt age has passed since the
// last send (NO_RECEIPT_AFTER_HOURS, the rule in no-receipt.ts): then the rest is "no receipt" and the batch is
// finished with them. Shown alike on the batch page, the batches list and the Overview. Safe in the browser.
// An escalating SMS batch (docs/escalation.md): an SMS without a receipt whose call was placed has the call's outcome
// instead, so it is not awaited as a receipt; while calls are still open the batch is "waiting for N calls", and it
// finishes when its calls do. Receipts with a status Tuma does not know (lib/receipts/status-map.ts) are not "waited
// for": the phase says they need mapping (issue 35).
export const BATCH_PHASE_KEYS = [
  "scheduled",
  "queued",
  "sending",
  "paused",
  "waiting",
  "unmapped",
  "finished",
  "cancelled",
  "failed",
] as const;
export type BatchPhaseKey = (typeof BATCH_PHASE_KEYS)[number];

/** The badge colour it reads in (components/ui/badge.tsx's tones). */
export type BatchPhase = {
  key: BatchPhaseKey;
  label: string;
  tone: "neutral" | "info" | "success" | "warning" | "danger";
};

type PhaseInput = {
  state: string;
  /** Accepted by the provider, no final receipt yet. */
  queuedCount: number;
  /** When sending ended (the last chunk was answered). */
  finishedAt: Date | string | null;
  /** Of queuedCount, the SMS whose escalation call was placed (Batch.queuedCalledCount). */
  queuedCalledCount?: number;
  /** Calls of its escalation not yet answered or failed (the calls' batch's pending and queued). */
  callsOpen?: number;
  /** Messages whose last receipt had a status nobody has mapped yet. */
  unmappedReceipts?: number;
};

const SIMPLE: Record<string, BatchPhase> = {
  SCHEDULED: { key: "scheduled", label: "scheduled", tone: "info" },
  QUEUED: { key: "queued", label: "queued", tone: "info" },
  SENDING: { key: "sending", label: "sending", tone: "info" },
  PAUSED: { key: "paused", label: "paused", tone: "warning" },
  CANCELLED: { key: "cancelled", label: "cancelled", tone: "neutral" },
  FAILED: { key: "failed", label: "failed", tone: "danger" },
};

export function batchPhase(batch: PhaseInput, noReceiptAfterHours: number, now = new Date()): BatchPhase {
  const simple = SIMPLE[batch.state];
  if (simple) return simple;
  const unmapped = batch.unmappedReceipts ?? 0;
  const awaiting = Math.max(0, batch.queuedCount - (batch.queuedCalledCount ?? 0) - unmapped);
  const calls = batch.callsOpen ?? 0;
  const finishedAt = batch.finishedAt ? new Date(batch.finishedAt).getTime() : null;
  const aged = finishedAt !== null && now.getTime() - finishedAt >= noReceiptAfterHours * 3_600_000;
  if (unmapped > 0) {
    return {
      key: "unmapped",
      label: `${formatCount(unmapped)} receipt${unmapped === 1 ? "" : "s"} with a status Tuma does not know — map it`,
      tone: "warning",
    };
  }
  if (awaiting > 0 && !aged) {
    return {
      key: "waiting",
      label: `waiting for ${formatCount(awaiting)} receipt${awaiting === 1 ? "" : "s"}`,
      tone: "info",
    };
  }
  if (calls > 0) {
    return {
      key: "waiting",
      label: `waiting for ${formatCount(calls)} call${calls === 1 ? "" : "s"}`,
      tone: "info",
    };
  }
  return {
    key: "finished",
    label: awaiting > 0 ? `finished, ${formatCount(awaiting)} without receipt` : "finished",
    tone: "success",
  };
}
