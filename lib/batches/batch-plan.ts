// A batch's plan as the API reports it (GET /api/v1/batches/{id}): the whole send and what is left of it, in provider
// requests and seconds at the account's pace, from the figures the batch row already holds (sendPlan in plan.ts, the
// same arithmetic Compose's planner shows), plus when it starts. Counted, never estimated from a rate: a program
// polling the batch gets the same answer twice for the same counters.
import { sendPlan, type SendPlan } from "./plan";

export type BatchPlan = {
  /** The whole batch: every recipient stored (suppressed ones included, as Compose counted them). */
  total: Omit<SendPlan, "units">;
  /** What is not yet handed to the provider (PENDING messages). */
  left: Omit<SendPlan, "units">;
  /** SMS units the provider charged so far (voice messages charge none in units). */
  unitsCharged: number;
  /** When sending starts: the scheduled instant, or null when it may start now (or has started). */
  startsAt: Date | null;
};

type PlannedBatch = {
  recipientCount: number;
  pendingCount: number;
  smsUnits: number;
  scheduledAt: Date | null;
  state: string;
};

export function batchPlan(
  batch: PlannedBatch,
  account: { batchSizeLimit: number; requestsPerSecond: number },
): BatchPlan {
  const figures = (recipients: number) => {
    const { requests, seconds } = sendPlan(recipients, 0, account);
    return { recipients, requests, seconds: Math.round(seconds * 10) / 10 };
  };
  return {
    total: figures(batch.recipientCount),
    left: figures(batch.pendingCount),
    unitsCharged: batch.smsUnits,
    startsAt: batch.state === "SCHEDULED" ? batch.scheduledAt : null,
  };
}
