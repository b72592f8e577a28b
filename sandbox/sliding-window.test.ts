import { describe, expect, it } from "vitest";
import { RingLog } from "./ring-log";
import { SlidingWindow } from "./sliding-window";

describe("SlidingWindow", () => {
  it("allows `limit` per 1-second window and says when the next slot opens", () => {
    const w = new SlidingWindow(3);
    expect([w.take(0), w.take(10), w.take(20)].every((d) => d.allowed)).toBe(true);
    expect(w.take(500)).toEqual({ allowed: false, retryAfterMs: 500 });
    expect(w.take(1000).allowed).toBe(true); // the request at 0 has left the window
    expect(w.take(1005)).toEqual({ allowed: false, retryAfterMs: 5 });
  });

  it("0 means unlimited", () => {
    const w = new SlidingWindow(0);
    expect(Array.from({ length: 1000 }, () => w.take(0).allowed).every(Boolean)).toBe(true);
  });
});

describe("RingLog", () => {
  it("keeps the newest entries, counts the evicted, and pages by sequence number", () => {
    const log = new RingLog<number>(10);
    for (let i = 0; i < 25; i++) log.push(i);
    expect(log.total).toBe(25);
    expect(log.size).toBeLessThanOrEqual(11);
    const page = log.read(20, 3);
    expect(page).toEqual({ from: 20, entries: [20, 21, 22] });
    expect(log.read(0).from).toBe(log.evicted);
    expect(log.read(0, 2, (n) => n % 2 === 0).entries.every((n) => n % 2 === 0)).toBe(true);
  });
});
