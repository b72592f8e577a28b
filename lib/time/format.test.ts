// The one time format: the organisation's zone, named, whatever zone the process runs in (the integration test
// tz-independence.test.ts runs these in a process started with TZ=America/New_York).
import { expect, test } from "vitest";
import {
  formatDateTime,
  formatDay,
  formatShortDateTime,
  formatTime,
  isoInZone,
  offsetLabel,
  zoneDescription,
  zoneLabel,
} from "./format";
import { localFieldToInstant, localInputValue, parseLocalDateTime } from "./local-input";
import { isTimeZone } from "./zone";
import { zonedParts } from "./zoned-parts";

const at = new Date("2026-11-23T10:16:30.250Z");

test("a time reads in the zone it is given, with the zone named by its short name", () => {
  expect(formatDateTime(at, "Africa/Nairobi")).toBe("23 Nov 2026, 13:16 EAT");
  expect(formatDateTime(at, "Africa/Nairobi", { seconds: true })).toBe("23 Nov 2026, 13:16:30 EAT");
  expect(formatDateTime(at, "Africa/Nairobi", { weekday: true })).toBe("Mon 23 Nov 2026, 13:16 EAT");
  expect(formatDateTime(at, "America/New_York")).toBe("23 Nov 2026, 05:16 EST");
  expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe("1 Jul 2026, 08:00 EDT");
  expect(formatDateTime(at, "Europe/London")).toBe("23 Nov 2026, 10:16 GMT");
  expect(formatDateTime(at, "UTC")).toBe("23 Nov 2026, 10:16 UTC");
  expect(formatDateTime(at.toISOString(), "Asia/Kolkata")).toBe("23 Nov 2026, 15:46 IST");
  expect(formatTime(at, "Africa/Nairobi", { seconds: true })).toBe("13:16:30 EAT");
  expect(formatTime(at, "Africa/Nairobi", { zoneName: false })).toBe("13:16");
  expect(formatShortDateTime(at, "Africa/Nairobi")).toBe("23 Nov, 13:16");
  expect(formatDateTime("not a time", "Africa/Nairobi")).toBe("—");
});

test("a zone without a short name in any English locale is named by its UTC offset", () => {
  expect(zoneLabel("Asia/Tokyo", at)).toBe("UTC+09:00");
  expect(formatDateTime(at, "Asia/Tokyo")).toBe("23 Nov 2026, 19:16 UTC+09:00");
  expect(zoneLabel("America/Sao_Paulo", at)).toBe("UTC−03:00");
  expect(offsetLabel(330)).toBe("UTC+05:30");
  expect(offsetLabel(-570)).toBe("UTC−09:30");
});

test("the day changes at the zone's midnight, not UTC's", () => {
  // 22:30 UTC on the 22nd is 01:30 on the 23rd in Nairobi.
  expect(formatDateTime(new Date("2026-11-22T22:30:00Z"), "Africa/Nairobi")).toBe("23 Nov 2026, 01:30 EAT");
  expect(formatDay("2026-11-23")).toBe("23 Nov");
});

test("exports carry ISO 8601 with the zone's offset at that instant", () => {
  expect(isoInZone(at, "Africa/Nairobi")).toBe("2026-11-23T13:16:30+03:00");
  expect(isoInZone(at, "America/New_York")).toBe("2026-11-23T05:16:30-05:00");
  expect(isoInZone(at, "UTC")).toBe("2026-11-23T10:16:30+00:00");
  expect(isoInZone(at, "Asia/Kolkata")).toBe("2026-11-23T15:46:30+05:30");
  // The same instant, read back.
  expect(new Date(isoInZone(at, "America/New_York")).getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
});

test("a typed local time is read in the zone given, and written back the same", () => {
  expect(parseLocalDateTime("2026-11-23T13:16", "Africa/Nairobi")?.toISOString()).toBe("2026-11-23T10:16:00.000Z");
  expect(parseLocalDateTime("2026-11-23 13:16:45", "Africa/Nairobi")?.toISOString()).toBe("2026-11-23T10:16:45.000Z");
  expect(parseLocalDateTime("2026-11-23T13:16", "America/New_York")?.toISOString()).toBe("2026-11-23T18:16:00.000Z");
  expect(localInputValue(new Date("2026-11-23T10:16:59Z"), "Africa/Nairobi")).toBe("2026-11-23T13:16");
  for (const bad of ["2026-02-30T10:00", "2026-11-23T24:00", "2026-11-23", "tomorrow", "2026-11-23T13:16Z"])
    expect(parseLocalDateTime(bad, "Africa/Nairobi"), bad).toBeNull();
});

test("around daylight-saving changes: a repeated hour is its first occurrence, a skipped one moves forward", () => {
  // New York, 1 Nov 2026: 01:30 happens twice (EDT, then EST).
  expect(parseLocalDateTime("2026-11-01T01:30", "America/New_York")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  // 8 Mar 2026: 02:30 does not exist; it is read as 03:30 EDT.
  expect(parseLocalDateTime("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
  expect(formatDateTime(new Date("2026-03-08T07:30:00Z"), "America/New_York")).toBe("8 Mar 2026, 03:30 EDT");
});

test("a form's local date-time becomes an instant; other values pass through for the schema to judge", () => {
  expect(localFieldToInstant("2026-11-23T13:16", "Africa/Nairobi")).toBe("2026-11-23T10:16:00.000Z");
  expect(localFieldToInstant("", "Africa/Nairobi")).toBe("");
  expect(localFieldToInstant("2026-02-30T10:00", "Africa/Nairobi")).toBe("2026-02-30T10:00");
  expect(localFieldToInstant(undefined, "Africa/Nairobi")).toBeUndefined();
});

test("zone names: IANA names the runtime knows, not offsets or free text", () => {
  for (const good of ["Africa/Nairobi", "UTC", "America/Argentina/Buenos_Aires", "Asia/Kolkata", "Etc/GMT+3"])
    expect(isTimeZone(good), good).toBe(true);
  for (const bad of ["+03:00", "Mars/Olympus_Mons", "", "Africa/Nairobi; DROP TABLE", "EAT "])
    expect(isTimeZone(bad), bad).toBe(false);
  expect(zoneDescription("Africa/Nairobi")).toBe("East Africa Time (Africa/Nairobi)");
  expect(zoneDescription("UTC")).toBe("Coordinated Universal Time (UTC)");
  expect(zonedParts(at, "Asia/Kolkata").offsetMinutes).toBe(330);
});
