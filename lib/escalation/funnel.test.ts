import { expect, test } from "vitest";
import { escalationFunnel } from "./funnel";

const zero = { queuedCount: 0, deliveredCount: 0, answeredCount: 0, failedCount: 0, rejectedCount: 0, unknownCount: 0 };

test("the funnel adds up: sent = delivered + answered + neither; a call cancelled by a late delivery is not escalated", () => {
  const sms = { ...zero, queuedCount: 30, deliveredCount: 60, failedCount: 8, rejectedCount: 2 };
  const calls = { ...zero, recipientCount: 40, cancelledCount: 5, answeredCount: 20, queuedCount: 10, failedCount: 5 };
  expect(escalationFunnel(sms, calls)).toEqual({ sent: 100, delivered: 60, escalated: 35, answered: 20, neither: 20 });
});

test("before any deadline passes there are no calls: everyone not delivered is 'neither'", () => {
  expect(escalationFunnel({ ...zero, queuedCount: 3, deliveredCount: 1 }, null)).toEqual({
    sent: 4,
    delivered: 1,
    escalated: 0,
    answered: 0,
    neither: 3,
  });
});
