import { describe, expect, it } from "vitest";
import { FirstRows } from "./first-rows";

describe("FirstRows", () => {
  it("gives the first row of every number seen again, across many growths of the table", () => {
    const seen = new FirstRows(4);
    const count = 300_000;
    // Sorted numbers, as lists often are, and the extremes of the nine digits (0 and 999,999,999).
    const key = (i: number) => (i === 0 ? 0 : i === 1 ? 999_999_999 : 700_000_000 + i * 7);
    const wrong: number[] = [];
    for (let i = 0; i < count; i++) if (seen.firstOrAdd(key(i), i + 2) !== undefined) wrong.push(i);
    for (let i = 0; i < count; i++) if (seen.firstOrAdd(key(i), count + i) !== i + 2) wrong.push(i);
    expect(wrong).toEqual([]);
    expect(seen.firstOrAdd(700_000_001, 1)).toBeUndefined();
  });
});
