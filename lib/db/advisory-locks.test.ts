// No two uses of advisory locks share a first key.
import { expect, test } from "vitest";
import { ADVISORY_LOCKS } from "./advisory-locks";

test("every advisory lock has a key of its own", () => {
  const keys = Object.values(ADVISORY_LOCKS);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).not.toContain(7263); // retired: see the module
});
