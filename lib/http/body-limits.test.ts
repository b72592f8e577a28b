// The table of request body limits: each path's limit, the routes' own limits agreeing with it, and no spelling of a
// path that earns more than the default.
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { OPTED_OUT_QUESTION_BYTES } from "@/lib/opt-outs/find-opted-out";
import { MAX_RECEIPT_BODY_BYTES } from "@/lib/receipts/ingest-receipts";
import {
  BODY_LIMITS,
  bodyLimitFor,
  declaredLength,
  formatBytes,
  isServerActionCall,
  MAX_UPLOAD_BYTES,
  TOO_MANY_BYTES,
} from "./body-limits";

const limitOf = (url: string, serverAction = false) => bodyLimitFor({ url, serverAction }).bytes;

describe("bodyLimitFor", () => {
  test("each path has its limit: next-auth 16 KiB, receipts 64 KiB, uploads 100 MB", () => {
    expect(limitOf("/api/auth/callback/credentials?x=1")).toBe(16 * 1024);
    expect(limitOf("/api/auth/callback/credentials")).toBe(16 * 1024);
    expect(limitOf("/api/auth/signout")).toBe(16 * 1024);
    expect(limitOf("/api/receipts/some-secret")).toBe(64 * 1024);
    expect(limitOf("/api/lists?filename=list.csv&progressKey=x")).toBe(100 * 1024 * 1024);
    expect(limitOf("/api/opt-outs/upload?filename=x.csv")).toBe(100 * 1024 * 1024);
    expect(limitOf("/api/compose/plan")).toBe(256 * 1024);
    expect(limitOf("/api/compose/languages")).toBe(256 * 1024);
    expect(limitOf("/api/compose/opted-out")).toBe(2 * 1024 * 1024);
  });

  test("a server action (Next-Action header) on a page may send 4 MB; the same page without it, the default", () => {
    expect(limitOf("/compose", true)).toBe(4 * 1024 * 1024);
    expect(limitOf("/compose?source=list", true)).toBe(4 * 1024 * 1024);
    expect(limitOf("/compose")).toBe(BODY_LIMITS.other.bytes);
    // API routes are route handlers, never actions: the header earns them nothing.
    expect(limitOf("/api/health", true)).toBe(BODY_LIMITS.other.bytes);
    expect(limitOf("/api/batches/x", true)).toBe(BODY_LIMITS.other.bytes);
  });

  test("every other path, and every other spelling of a large path, gets the default of 64 KiB", () => {
    expect(BODY_LIMITS.other.bytes).toBe(64 * 1024);
    for (const url of [
      "/",
      "/login",
      "/api/health",
      "/api/batches/1/export",
      "/api/lists/",
      "/api/lists/x/report",
      "/api//lists",
      "/api/%75ploads",
      "/API/lists",
      "/prefix/api/lists",
      "",
    ]) {
      expect(limitOf(url), url).toBeLessThanOrEqual(BODY_LIMITS.other.bytes);
    }
  });

  test("the routes' own limits are the same numbers (they stay as defence in depth)", () => {
    expect(BODY_LIMITS.receipts.bytes).toBe(MAX_RECEIPT_BODY_BYTES);
    expect(BODY_LIMITS.composeOptedOut.bytes).toBe(OPTED_OUT_QUESTION_BYTES);
    expect(BODY_LIMITS.upload).toEqual({ bytes: MAX_UPLOAD_BYTES, message: TOO_MANY_BYTES });
    // Next's own server-action limit, "4mb" in next.config.mjs, in Next's binary units.
    expect(fs.readFileSync("next.config.mjs", "utf8")).toMatch(/serverActions: \{ bodySizeLimit: "4mb" \}/);
    expect(BODY_LIMITS.serverAction.bytes).toBe(4 * 1024 * 1024);
  });

  test("every limit's sentence names its size", () => {
    expect(BODY_LIMITS.other.message).toBe(
      "The request body is larger than 64 KB, the most this address accepts; nothing was read past it.",
    );
    expect(BODY_LIMITS.auth.message).toContain("16 KB");
    expect(BODY_LIMITS.receipts.message).toContain("64 KB");
    expect(BODY_LIMITS.serverAction.message).toContain("4 MB");
    expect(BODY_LIMITS.upload.message).toContain("100 MB");
    expect(formatBytes(256 * 1024)).toBe("256 KB");
    expect(formatBytes(202_017)).toBe("197.3 KB"); // a backup's size, not "197.2822265625 KB"
    expect(formatBytes(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatBytes(500)).toBe("500 bytes");
  });
});

test("isServerActionCall: a POST with Next-Action, or a multipart form POST (a form sent before scripts ran)", () => {
  expect(isServerActionCall("POST", { "next-action": "60ed50ca" })).toBe(true);
  expect(isServerActionCall("POST", { "content-type": "multipart/form-data; boundary=x" })).toBe(true);
  expect(isServerActionCall("POST", { "content-type": "text/plain;charset=UTF-8" })).toBe(false);
  expect(isServerActionCall("POST", {})).toBe(false);
  expect(isServerActionCall("GET", { "next-action": "60ed50ca" })).toBe(false);
  expect(isServerActionCall(undefined, { "next-action": "60ed50ca" })).toBe(false);
});

test("declaredLength: a plain number or nothing", () => {
  expect(declaredLength("0")).toBe(0);
  expect(declaredLength("1073741824")).toBe(1073741824);
  expect(declaredLength(undefined)).toBeNull();
  for (const odd of ["", "-1", "1e9", " 12", "0x10", "9".repeat(16)]) expect(declaredLength(odd)).toBeNull();
});
