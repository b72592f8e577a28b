// An escalating SMS batch's funnel (docs/escalation.md), from the two batches' counters alone (never a scan of their
// messages), read in one snapshot (lib/batches/counters-snapshot.ts) with the counters the page shows beside it: sent
// (the SMS that left), delivered, escalated (calls queued or placed; a call cancelled because its SMS arrived first is
// not counted), answered (calls), reached (SMS delivered or, if not, its call answered: a recipient counts once), and
// neither (sent, but neither delivered nor answered). Safe in the browser.
type Counters = {
  queuedCount: number;
  deliveredCount: number;
  answeredCount: number;
  failedCount: number;
  rejectedCount: number;
  unknownCount: number;
};

export type Funnel = {
  sent: number;
  delivered: number;
  escalated: number;
  answered: number;
  /** SMS not delivered whose call was answered: with `delivered`, the people reached. */
  reachedByCall: number;
  /** Calls answered for an SMS that was delivered after all (a late receipt): reached once, as delivered. */
  answeredAlsoDelivered: number;
  neither: number;
};

export function escalationFunnel(
  sms: Counters & { reachedByCallCount: number },
  calls: (Counters & { recipientCount: number; cancelledCount: number }) | null,
): Funnel {
  const sent =
    sms.queuedCount + sms.deliveredCount + sms.answeredCount + sms.failedCount + sms.rejectedCount + sms.unknownCount;
  const escalated = calls ? calls.recipientCount - calls.cancelledCount : 0;
  const answered = calls?.answeredCount ?? 0;
  return {
    sent,
    delivered: sms.deliveredCount,
    escalated,
    answered,
    reachedByCall: sms.reachedByCallCount,
    answeredAlsoDelivered: Math.max(0, answered - sms.reachedByCallCount),
    neither: Math.max(0, sent - sms.deliveredCount - sms.reachedByCallCount),
  };
}
