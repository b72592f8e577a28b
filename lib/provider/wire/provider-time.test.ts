import { describe, expect, it } from "vitest";
import { formatProviderTime, parseProviderTime } from "./provider-time";
import { parseRetryAfter } from "@/lib/provider/retry-after";

describe("provider time (YYYY-MM-DD HH:MM:SS, East Africa Time)", () => {
  it("formats and parses round trip", () => {
    const at = new Date("2026-03-01T21:30:05Z");
    expect(formatProviderTime(at)).toBe("2026-03-02 00:30:05");
    expect(parseProviderTime("2026-03-02 00:30:05")?.toISOString()).toBe("2026-03-01T21:30:05.000Z");
    expect(formatProviderTime(at, 0)).toBe("2026-03-01 21:30:05");
  });

  it("refuses other shapes and impossible dates", () => {
    expect(parseProviderTime("2026-03-02T00:30:05")).toBeNull();
    expect(parseProviderTime("2026-02-31 10:00:00")).toBeNull();
    expect(parseProviderTime("2026-02-01 24:00:00")).toBeNull();
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:03 GMT", now)).toBe(3000);
  });
});
