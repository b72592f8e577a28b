// A page's search params read one way: the filter whole or not at all (with its sentence), values outside it dropped
// quietly when bad, and the links a page builds to itself without blank values.
import { expect, test } from "vitest";
import { z } from "zod";
import { pageHref, queryCursor, queryEnum, queryText, readPageQuery } from "./page-query";

const schema = z.object({
  q: queryText(5, "At most 5 characters."),
  kind: queryEnum(["SMS", "VOICE"], "The kind is SMS or VOICE."),
  before: queryCursor("id", "The cursor must be an id."),
  after: queryCursor("uuid", "The cursor must be a batch id."),
});
const read = (params: Record<string, string | string[] | undefined>) => readPageQuery(Promise.resolve(params), schema);

test("a good filter is read, trimmed, blank fields and repeated values left out", async () => {
  const query = await read({ q: " abc ", kind: "SMS", before: "", after: ["x", "y"], other: "1" });
  expect(query.filter).toEqual({ q: "abc", kind: "SMS" });
  expect(query.error).toBeNull();
});

test("one bad value: the whole filter is ignored, with every bad value's sentence", async () => {
  const query = await read({ q: "abcdef", kind: "FAX", before: "1; drop", after: "nope" });
  expect(query.filter).toEqual({});
  expect(query.error).toBe(
    "At most 5 characters. The kind is SMS or VOICE. The cursor must be an id. The cursor must be a batch id. The filter was ignored.",
  );
  expect((await read({ kind: "VOICE", before: "x" })).filter).toEqual({});
});

test("a value outside the filter: undefined when absent, blank or bad, without touching the filter", async () => {
  const query = await read({ kind: "VOICE", aged_after: "42", status: "", bad: "x1" });
  const digits = z.string().regex(/^\d+$/);
  expect(query.param("aged_after", digits)).toBe("42");
  expect(query.param("bad", digits)).toBeUndefined();
  expect(query.param("status", z.string())).toBeUndefined();
  expect(query.param("missing", z.string())).toBeUndefined();
  expect(query.filter).toEqual({ kind: "VOICE" });
});

test("pageHref: the values given, blank ones left out, and the path alone when none is left", () => {
  expect(pageHref("/batches", { q: "a b", kind: undefined, after: "" })).toBe("/batches?q=a+b");
  expect(pageHref("/audit", { actor: undefined })).toBe("/audit");
  expect(pageHref("/receipts", { q: "x", before: "12" })).toBe("/receipts?q=x&before=12");
});
