import Papa from "papaparse";
import { expect, test } from "vitest";
import { csvCell, csvHeader, csvRows } from "./to-csv";

const parse = (text: string) => Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;

test("formula-looking cells come back escaped, quotes and line breaks survive a round trip", () => {
  const text =
    csvHeader(["phone", "text"]) +
    csvRows([
      ["254712345678", '=HYPERLINK("http://x","y")'],
      ["+254700000001", 'say "hi",\nthen go'],
      ["-1", null],
      ["@SUM(A1)", 7],
    ]);
  expect(parse(text)).toEqual([
    ["phone", "text"],
    ["254712345678", `'=HYPERLINK("http://x","y")`],
    ["'+254700000001", 'say "hi",\nthen go'],
    ["'-1", ""],
    ["'@SUM(A1)", "7"],
  ]);
  expect(csvRows([])).toBe("");
});

test("a formula that holds a line break is escaped too (papaparse's escapeFormulae let it through)", () => {
  const evil = '=HYPERLINK("http://x","y")\nclick me';
  const lines = ["\tcmd", "\r=1+1", "\n=1+1", "=1+1\r\n", `-2+3\n`];
  const text = csvRows([[evil], ...lines.map((line) => [line])]);
  expect(parse(text).map((row) => row[0])).toEqual([`'${evil}`, ...lines.map((line) => `'${line}`)]);
  // Numbers are values, not formulas, whatever their sign; ordinary text is left alone, quoted only when it must be.
  expect([csvCell(-3), csvCell(2.5), csvCell("plain"), csvCell(" padded"), csvCell("a,b"), csvCell("")]).toEqual([
    "-3",
    "2.5",
    "plain",
    '" padded"',
    '"a,b"',
    "",
  ]);
});
