import { expect, test } from "vitest";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { splitNumbers } from "./split-numbers";

test("commas, semicolons and new lines separate numbers; spaces and dashes inside one are part of it", () => {
  const parts = splitNumbers("+254 712-345-634, 0712 345 635;\r\n712-345-636\n\n ,  ;");
  expect(parts).toEqual(["+254 712-345-634", "0712 345 635", "712-345-636"]);
  expect(parts.map((p) => normalizePhone(p, { lenient: true })).map((c) => (c.ok ? c.phone : c.reason))).toEqual([
    "254712345634",
    "254712345635",
    "254712345636",
  ]);
});

test("nothing but separators is no number", () => {
  expect(splitNumbers(" ,;\n")).toEqual([]);
});
