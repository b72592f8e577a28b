import Papa from "papaparse";
import { expect, test } from "vitest";
import { csvHeader, csvRows } from "./to-csv";

test("formula-looking cells come back escaped, quotes and line breaks survive a round trip", () => {
  const text =
    csvHeader(["phone", "text"]) +
    csvRows([
      ["254712345678", '=HYPERLINK("http://x","y")'],
      ["+254700000001", 'say "hi",\nthen go'],
      ["-1", null],
      ["@SUM(A1)", 7],
    ]);
  const parsed = Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;
  expect(parsed).toEqual([
    ["phone", "text"],
    ["254712345678", `'=HYPERLINK("http://x","y")`],
    ["'+254700000001", 'say "hi",\nthen go'],
    ["'-1", ""],
    ["'@SUM(A1)", "7"],
  ]);
  expect(csvRows([])).toBe("");
});
