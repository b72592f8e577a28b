// The send rate from polled counters: the recent window only, nothing before two samples far enough apart, and a
// time left only while messages move.
import { expect, test } from "vitest";
import type { BatchCounters } from "@/lib/batches/counters";
import { addSample, etaSeconds, RATE_WINDOW_MS, ratePerSecond, sentOf } from "./send-rate";

const counters = (over: Partial<BatchCounters>): BatchCounters => ({
  pendingCount: 0,
  queuedCount: 0,
  deliveredCount: 0,
  answeredCount: 0,
  failedCount: 0,
  rejectedCount: 0,
  unknownCount: 0,
  cancelledCount: 0,
  suppressedCount: 0,
  ...over,
});

test("sent counts every state that left for the provider, not pending, cancelled or suppressed", () => {
  expect(
    sentOf(
      counters({
        pendingCount: 5,
        queuedCount: 1,
        deliveredCount: 2,
        answeredCount: 3,
        failedCount: 4,
        rejectedCount: 5,
        unknownCount: 6,
        cancelledCount: 7,
        suppressedCount: 8,
      }),
    ),
  ).toBe(21);
});

test("the rate of the last 30 s, from the first to the last sample; none from one sample or a too short span", () => {
  let samples = addSample([], { at: 0, sent: 0 });
  expect(ratePerSecond(samples)).toBeNull();
  samples = addSample(samples, { at: 1_000, sent: 11_000 });
  expect(ratePerSecond(samples)).toBeNull();
  samples = addSample(samples, { at: 2_000, sent: 22_000 });
  expect(ratePerSecond(samples)).toBe(11_000);
  // 40 s later, only the window remains: a paused batch reads 0, not the old average.
  samples = addSample(samples, { at: 2_000 + RATE_WINDOW_MS, sent: 22_000 });
  samples = addSample(samples, { at: 4_000 + RATE_WINDOW_MS, sent: 22_000 });
  expect(samples.map((s) => s.at)).toEqual([2_000 + RATE_WINDOW_MS, 4_000 + RATE_WINDOW_MS]);
  expect(ratePerSecond(samples)).toBe(0);
  expect(etaSeconds(1_000, 0)).toBeNull();
  expect(etaSeconds(1_000_000, 12_000)).toBeCloseTo(83.3, 1);
});
