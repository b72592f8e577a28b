import { describe, expect, it } from "vitest";
import { segmentRange } from "./segment-range";

describe("segmentRange", () => {
  it("one count for everyone", () => {
    expect(segmentRange({ 1: 1803 })).toBe("1 segment each");
    expect(segmentRange({ 3: 2 })).toBe("3 segments each");
  });

  it("a range, with how many need more than the fewest", () => {
    expect(segmentRange({ 1: 1762, 2: 41 })).toBe("1–2 segments; 41 recipients need 2");
    expect(segmentRange({ 2: 10, 1: 5, 3: 1 })).toBe("1–3 segments; 10 recipients need 2, 1 recipient needs 3");
    expect(segmentRange({ 1: 1000, 2: 1234 })).toBe("1–2 segments; 1,234 recipients need 2");
  });

  it("ignores empty buckets; nothing to say for no recipients", () => {
    expect(segmentRange({ 1: 0, 2: 7 })).toBe("2 segments each");
    expect(segmentRange({})).toBe("");
  });
});
