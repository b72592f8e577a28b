import { expect, test } from "vitest";
import { escalationFunnel } from "./funnel";

const zero = { queuedCount: 0, deliveredCount: 0, answeredCount: 0, failedCount: 0, rejectedCount: 0, unknownCount: 0 };

test("the funnel adds up: sent = delivered + reached by call + neither; a call cancelled by a late delivery is not escalated", () => {
  const sms = {
    ...zero,
    queuedCount: 30,
    deliveredCount: 60,
    failedCount: 8,
    rejectedCount: 2,
    reachedByCallCount: 20,
  };
  const calls = { ...zero, recipientCount: 40, cancelledCount: 5, answeredCount: 20, queuedCount: 10, failedCount: 5 };
  expect(escalationFunnel(sms, calls)).toEqual({
    sent: 100,
    delivered: 60,
    escalated: 35,
    answered: 20,
    reachedByCall: 20,
    answeredAlsoDelivered: 0,
    neither: 20,
  });
});

test("an SMS delivered after its call was answered counts once: as delivered, not again as reached by call", () => {
  // 20 calls answered, but 2 of their SMS got a receipt later: 78 reached, 22 neither (not 20: that counted 2 twice).
  const sms = { ...zero, queuedCount: 30, deliveredCount: 60, failedCount: 10, reachedByCallCount: 18 };
  const calls = { ...zero, recipientCount: 40, cancelledCount: 5, answeredCount: 20, queuedCount: 10, failedCount: 5 };
  expect(escalationFunnel(sms, calls)).toMatchObject({
    answered: 20,
    reachedByCall: 18,
    answeredAlsoDelivered: 2,
    neither: 22,
  });
});

test("before any deadline passes there are no calls: everyone not delivered is 'neither'", () => {
  expect(escalationFunnel({ ...zero, queuedCount: 3, deliveredCount: 1, reachedByCallCount: 0 }, null)).toEqual({
    sent: 4,
    delivered: 1,
    escalated: 0,
    answered: 0,
    reachedByCall: 0,
    answeredAlsoDelivered: 0,
    neither: 3,
  });
});
