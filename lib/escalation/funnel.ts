// An escalating SMS batch's funnel (docs/escalation.md), from the two batches' counters alone (never a scan of their
// messages): sent (the SMS that left), delivered, escalated (calls queued or placed; a call cancelled because its SMS
// arrived first is not counted), answered, and neither (sent, but neither delivered nor answered). Safe in the browser.
type Counters = {
  queuedCount: number;
  deliveredCount: number;
  answeredCount: number;
  failedCount: number;
  rejectedCount: number;
  unknownCount: number;
};

export type Funnel = { sent: number; delivered: number; escalated: number; answered: number; neither: number };

export function escalationFunnel(
  sms: Counters,
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
    neither: Math.max(0, sent - sms.deliveredCount - answered),
  };
}
