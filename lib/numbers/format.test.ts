// The one way a duration reads, from a fraction of a second (a small plan) to days (a receipt's delay).
import { expect, test } from "vitest";
import { formatDuration } from "./format";

test.each([
  [0, "0 s"],
  [0.0877, "0.09 s"],
  [0.5, "0.5 s"],
  [5, "5 s"],
  [8.33, "8.3 s"],
  [9.96, "10 s"],
  [42.4, "42 s"],
  [59.6, "1 min"],
  [200, "3 min 20 s"],
  [180, "3 min"],
  [3_599, "59 min 59 s"],
  [7_500, "2 h 5 min"],
  [7_200, "2 h"],
  [129_600, "1.5 days"],
  [1_036_800, "12 days"],
  [-3, "0 s"],
])("%s s reads “%s”", (seconds, text) => {
  expect(formatDuration(seconds)).toBe(text);
});
