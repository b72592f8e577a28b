import { describe, expect, it } from "vitest";
import { TokenBucket } from "./rate-limiter";

/** Acquires `count` slots as fast as allowed and returns the release times (ms, performance clock). */
async function releaseTimes(bucket: TokenBucket, count: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: count }, () =>
      bucket.acquire().then((done) => {
        times.push(performance.now());
        done(); // the "request" completes at once
      }),
    ),
  );
  return times.sort((a, b) => a - b);
}

function maxInAnyWindow(times: number[], windowMs: number): number {
  let max = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

describe("TokenBucket", () => {
  it("never releases more than the rate in any 1-second window and keeps close to it", async () => {
    const bucket = new TokenBucket({ ratePerSecond: 200 });
    const started = performance.now();
    const times = await releaseTimes(bucket, 400);
    const elapsed = performance.now() - started;
    expect(maxInAnyWindow(times, 1000)).toBeLessThanOrEqual(200);
    // 400 at 200/s with a 10 ms margin: ≈ 2 s; a late timer must not cost throughput.
    expect(elapsed).toBeGreaterThan(1900);
    expect(elapsed).toBeLessThan(2600);
  });

  it("is shared: two clients on one bucket together stay within the rate", async () => {
    const bucket = new TokenBucket({ ratePerSecond: 100 });
    const [a, b] = await Promise.all([releaseTimes(bucket, 100), releaseTimes(bucket, 100)]);
    const all = [...(a ?? []), ...(b ?? [])].sort((x, y) => x - y);
    expect(maxInAnyWindow(all, 1000)).toBeLessThanOrEqual(100);
  });

  it("lets a burst go at once, still capped by the window rule", async () => {
    const bucket = new TokenBucket({ ratePerSecond: 50, burst: 50 });
    const times = await releaseTimes(bucket, 80);
    const first = times[0] ?? 0;
    expect(times.filter((t) => t - first < 50).length).toBeGreaterThanOrEqual(49);
    expect(maxInAnyWindow(times, 1000)).toBeLessThanOrEqual(50);
  });

  it("holds a slot while its request is in flight, and frees it when the request completes", async () => {
    const bucket = new TokenBucket({ ratePerSecond: 2, holdUntilDoneMs: 60_000 });
    const first = await bucket.acquire();
    await bucket.acquire();
    let third = false;
    const waiting = bucket.acquire().then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(third).toBe(false); // both earlier requests still in flight: they may not have been counted yet
    const completedAt = performance.now();
    first();
    await waiting;
    expect(performance.now() - completedAt).toBeGreaterThanOrEqual(990); // a second after that completion
  });

  it("refuses a non-positive rate", () => {
    expect(() => new TokenBucket({ ratePerSecond: 0 })).toThrow(RangeError);
  });
});
