// The promotional window's arithmetic (promotional-window.ts): its boundary instants, a batch that spans midnight, a
// window that itself spans midnight, a zone other than the process's, and a zone with daylight saving.
import { afterEach, describe, expect, it } from "vitest";
import {
  finishWithinWindows,
  isInsideWindow,
  nextWindowClose,
  nextWindowOpen,
  parseMinute,
} from "./promotional-window";

const DAY = { startMinute: 8 * 60, endMinute: 20 * 60 };
const NAIROBI = "Africa/Nairobi"; // UTC+3 all year: 08:00 EAT is 05:00Z, 20:00 EAT is 17:00Z
const at = (iso: string) => new Date(iso);
const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("the window 08:00–20:00 in Nairobi", () => {
  it("opens at 08:00:00.000 exactly and closes at 20:00:00.000 exactly", () => {
    expect(isInsideWindow(at("2026-11-23T04:59:59.999Z"), DAY, NAIROBI)).toBe(false);
    expect(isInsideWindow(at("2026-11-23T05:00:00.000Z"), DAY, NAIROBI)).toBe(true);
    expect(isInsideWindow(at("2026-11-23T16:59:59.999Z"), DAY, NAIROBI)).toBe(true);
    expect(isInsideWindow(at("2026-11-23T17:00:00.000Z"), DAY, NAIROBI)).toBe(false);
  });

  it("after 20:00 the next opening is 08:00 the next day; inside, the close is 20:00 the same day", () => {
    expect(nextWindowOpen(at("2026-11-23T17:00:00.000Z"), DAY, NAIROBI).toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(nextWindowOpen(at("2026-11-23T04:59:59.999Z"), DAY, NAIROBI).toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(nextWindowOpen(at("2026-11-23T10:00:00.000Z"), DAY, NAIROBI).toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(nextWindowClose(at("2026-11-23T05:00:00.000Z"), DAY, NAIROBI).toISOString()).toBe(
      "2026-11-23T17:00:00.000Z",
    );
  });

  it("a batch started at 19:00 with three hours of sending waits the night: done at 10:00 the next day", () => {
    expect(finishWithinWindows(at("2026-11-23T16:00:00.000Z"), 3 * 3600, DAY, NAIROBI).toISOString()).toBe(
      "2026-11-24T07:00:00.000Z",
    );
    // Scheduled at 23:30: nothing until 08:00, then an hour.
    expect(finishWithinWindows(at("2026-11-23T20:30:00.000Z"), 3600, DAY, NAIROBI).toISOString()).toBe(
      "2026-11-24T06:00:00.000Z",
    );
    // Thirty hours of sending: two nights.
    expect(finishWithinWindows(at("2026-11-23T05:00:00.000Z"), 30 * 3600, DAY, NAIROBI).toISOString()).toBe(
      "2026-11-25T11:00:00.000Z",
    );
  });
});

describe("other zones and windows", () => {
  it("a window spanning midnight (22:00–06:00) is open at 23:30 and 05:59, closed at 06:00 and 21:59", () => {
    const night = { startMinute: 22 * 60, endMinute: 6 * 60 };
    expect(isInsideWindow(at("2026-11-23T20:30:00.000Z"), night, NAIROBI)).toBe(true);
    expect(isInsideWindow(at("2026-11-24T02:59:00.000Z"), night, NAIROBI)).toBe(true);
    expect(isInsideWindow(at("2026-11-24T03:00:00.000Z"), night, NAIROBI)).toBe(false);
    expect(isInsideWindow(at("2026-11-23T18:59:00.000Z"), night, NAIROBI)).toBe(false);
    expect(nextWindowClose(at("2026-11-23T20:30:00.000Z"), night, NAIROBI).toISOString()).toBe(
      "2026-11-24T03:00:00.000Z",
    );
  });

  it("is read in the organisation's zone whatever the process's zone is", () => {
    for (const tz of ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"]) {
      process.env.TZ = tz;
      // 08:00 in Lagos (UTC+1) is 07:00Z; the process's own midnight plays no part.
      expect(isInsideWindow(at("2026-11-23T06:59:59.999Z"), DAY, "Africa/Lagos")).toBe(false);
      expect(isInsideWindow(at("2026-11-23T07:00:00.000Z"), DAY, "Africa/Lagos")).toBe(true);
      expect(nextWindowOpen(at("2026-11-23T19:00:00.000Z"), DAY, "Africa/Lagos").toISOString()).toBe(
        "2026-11-24T07:00:00.000Z",
      );
    }
  });

  it("a zone that changes its clocks overnight still opens at 08:00 on its own wall clock", () => {
    // New York springs forward at 02:00 on 8 March 2026: 08:00 EDT is 12:00Z (the evening before, 20:00 EST was 01:00Z).
    expect(nextWindowOpen(at("2026-03-08T01:00:00.000Z"), DAY, "America/New_York").toISOString()).toBe(
      "2026-03-08T12:00:00.000Z",
    );
  });

  it("reads 08:00 and 23:59 as clock times and refuses anything else", () => {
    expect(parseMinute("08:00")).toBe(480);
    expect(parseMinute("23:59")).toBe(1439);
    expect(parseMinute("24:00")).toBeNull();
    expect(parseMinute("8")).toBeNull();
  });
});
