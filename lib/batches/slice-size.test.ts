// How a large batch's recipients are cut for storing while it already sends (lib/batches/create-batch.ts): the
// slices grow from the first to the steady size, never outrunning what is stored ahead of them.
import { expect, test } from "vitest";
import { nextSliceSize } from "./create-batch";

test("storing slices double from the first to the steady size, so each is stored before the ones before it are sent", () => {
  const sizes = [2_000];
  while (sizes.length < 6) sizes.push(nextSliceSize(sizes.at(-1)!));
  expect(sizes).toEqual([2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  // No slice is more than twice what is already stored (and sending) ahead of it.
  sizes.slice(1).forEach((size, i) => {
    const ahead = sizes.slice(0, i + 1).reduce((a, b) => a + b);
    expect(size).toBeLessThanOrEqual(2 * ahead);
  });
});
