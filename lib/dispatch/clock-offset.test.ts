import { expect, test } from "vitest";
import { ClockOffset } from "./shared-rate-limiter";

// The database's clock is 5,000 ms ahead of ours in these samples; a reply read late (busy event loop) has a long
// round trip, and mapping by it alone would put a whole block of slots late, onto another process's slots.
test("the fastest recent round trip decides the offset; a slow reply does not shift the slots", () => {
  const clock = new ClockOffset();
  clock.sample(1_000, 1_002, 6_001); // 2 ms round trip: error ≤ 1 ms
  expect(clock.toLocal(7_000)).toBeCloseTo(2_000, 0);
  clock.sample(2_000, 2_060, 7_001); // the reply sat 59 ms in a busy event loop
  expect(Math.abs(clock.toLocal(8_000) - 3_000)).toBeLessThanOrEqual(1);
  clock.sample(3_000, 3_001, 8_000.5); // faster still: taken
  expect(clock.toLocal(9_000)).toBeCloseTo(4_000, 1);
});

test("an old best sample is forgotten, so drift between the clocks is followed", () => {
  const clock = new ClockOffset();
  clock.sample(0, 1, 5_000.5);
  clock.sample(40_000, 40_010, 45_105); // 30 s later the clocks drifted 100 ms apart; the old sample has expired
  expect(clock.toLocal(50_000)).toBeCloseTo(44_900, 0); // offset 5,100 now, not 5,000
});
