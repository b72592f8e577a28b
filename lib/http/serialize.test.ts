import { expect, test } from "vitest";
import { serialize } from "./serialize";

test("dates become ISO strings at any depth; everything else is kept", () => {
  const at = new Date("2026-11-22T10:00:00.000Z");
  const out = serialize({ at, none: null, n: 3, list: [{ at }], nested: { at, name: "x" } });
  expect(out).toEqual({
    at: at.toISOString(),
    none: null,
    n: 3,
    list: [{ at: at.toISOString() }],
    nested: { at: at.toISOString(), name: "x" },
  });
  expect(JSON.parse(JSON.stringify({ at, nested: { at } }))).toEqual(serialize({ at, nested: { at } }));
});
