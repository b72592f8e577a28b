import { describe, expect, test } from "vitest";
import { safeCallbackPath } from "./safe-callback";

const origin = "https://tuma.example.com";

describe("safeCallbackPath", () => {
  test.each([
    ["/batches", "/batches"],
    ["/batches/1?state=FAILED#recipients", "/batches/1?state=FAILED#recipients"],
    ["batches", "/batches"],
    ["https://tuma.example.com/compose", "/compose"],
    // Browsers read a same-scheme URL without slashes as a relative path: it stays here.
    ["https:evil.example", "/evil.example"],
  ])("keeps the same-origin path %s", (candidate, expected) => {
    expect(safeCallbackPath(candidate, origin)).toBe(expected);
  });

  test.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "https://evil.example/",
    "https://tuma.example.com.evil.example/",
    "http://tuma.example.com/", // another scheme is another origin
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " //evil.example",
    "\t/\\evil.example",
  ])("refuses %s", (candidate) => {
    expect(safeCallbackPath(candidate, origin)).toBe("/");
  });

  test("an empty or missing candidate gives the fallback", () => {
    expect(safeCallbackPath(undefined, origin)).toBe("/");
    expect(safeCallbackPath("", origin, "/login")).toBe("/login");
  });
});
