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
    expect(parseProviderTime("2026-13-01 10:00:00")).toBeNull();
    expect(parseProviderTime("2026-00-01 10:00:00")).toBeNull();
    expect(parseProviderTime("2026-04-00 10:00:00")).toBeNull();
    expect(parseProviderTime("2026-04-31 10:00:00")).toBeNull();
    expect(parseProviderTime("2026-02-29 10:00:00")).toBeNull();
    expect(parseProviderTime("2100-02-29 10:00:00")).toBeNull();
    expect(parseProviderTime("0000-01-01 10:00:00")).toBeNull();
    expect(parseProviderTime("0000-00-00 00:00:00")).toBeNull();
  });

  it("takes every real day, leap days and years before 100 included", () => {
    expect(parseProviderTime("2028-02-29 10:00:00")?.toISOString()).toBe("2028-02-29T07:00:00.000Z");
    expect(parseProviderTime("2000-02-29 00:00:00")?.toISOString()).toBe("2000-02-28T21:00:00.000Z");
    expect(parseProviderTime("2026-12-31 23:59:59")?.toISOString()).toBe("2026-12-31T20:59:59.000Z");
    expect(parseProviderTime("2027-01-01 01:00:00")?.toISOString()).toBe("2026-12-31T22:00:00.000Z");
    expect(parseProviderTime("0050-01-01 03:00:00")?.toISOString()).toBe("0050-01-01T00:00:00.000Z");
    // Every day of a leap and a common year against the calendar's own count (Date rolls an impossible day over).
    for (const year of [2027, 2028])
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        expect(parseProviderTime(`${day} 03:00:00`)?.toISOString()).toBe(`${day}T00:00:00.000Z`);
      }
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
