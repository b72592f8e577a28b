// The cached path of zonedParts (an offset per minute, then arithmetic) must give exactly what Intl gives for every
// instant: across each change of offset of zones with daylight saving, half-hour and 45-minute offsets, historical
// offsets with seconds (Monrovia's −0:44:30 until 1972, Nairobi's +2:27:16 until 1928) and a day skipped at the date
// line (Apia, 30 December 2011), and at random instants from 1890 to 2100.
import { expect, test } from "vitest";
import { intlZonedParts, zonedParts } from "./zoned-parts";

const ZONES = [
  "Africa/Nairobi",
  "America/New_York",
  "Europe/London",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Apia",
  "Pacific/Chatham",
  "America/St_Johns",
  "Africa/Monrovia",
  "UTC",
];
const FROM = Date.UTC(1890, 0, 1);
const TO = Date.UTC(2100, 0, 1);
const WEEK = 7 * 86_400_000;

/** Every instant (to the millisecond) where the zone's offset changes between FROM and TO, found week by week. */
function transitions(zone: string): number[] {
  const found: number[] = [];
  let before = intlZonedParts(FROM, zone).offsetMinutes;
  for (let t = FROM + WEEK; t < TO; t += WEEK) {
    const now = intlZonedParts(t, zone).offsetMinutes;
    if (now === before) continue;
    // The first millisecond with the new offset.
    let [lo, hi] = [t - WEEK, t];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (intlZonedParts(mid, zone).offsetMinutes === before) lo = mid;
      else hi = mid;
    }
    found.push(hi);
    before = now;
  }
  return found;
}

test.each(ZONES)("%s: the same fields as Intl on both sides of every change of offset", (zone) => {
  const changes = transitions(zone);
  if (zone !== "UTC") expect(changes.length).toBeGreaterThan(0);
  const mismatches: string[] = [];
  for (const change of changes) {
    // The instants around the change, and the edges of the minute that holds it, in an order that fills the cache
    // from either side first.
    const minute = Math.floor(change / 60_000) * 60_000;
    for (const at of [change + 1_000, change - 1, change, change - 1_000, minute, minute + 59_999, change + 60_000]) {
      const cached = zonedParts(at, zone);
      const reference = intlZonedParts(at, zone);
      if (JSON.stringify(cached) !== JSON.stringify(reference))
        mismatches.push(`${new Date(at).toISOString()}: ${JSON.stringify(cached)} ≠ ${JSON.stringify(reference)}`);
    }
  }
  expect(mismatches).toEqual([]);
});

test("the same fields as Intl at 3,000 random instants per zone, and for a Date as for its milliseconds", () => {
  let seed = 20261126;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const mismatches: string[] = [];
  for (const zone of ZONES) {
    for (let i = 0; i < 3_000; i++) {
      const at = Math.floor(FROM + random() * (TO - FROM));
      const cached = JSON.stringify(zonedParts(at, zone));
      if (
        cached !== JSON.stringify(intlZonedParts(at, zone)) ||
        cached !== JSON.stringify(zonedParts(new Date(at), zone))
      )
        mismatches.push(`${zone} ${new Date(at).toISOString()}`);
    }
  }
  expect(mismatches).toEqual([]);
});

test("Nairobi's wall clock as people read it, and an offset with seconds kept to the second", () => {
  expect(zonedParts(Date.UTC(2026, 10, 23, 10, 16, 30, 999), "Africa/Nairobi")).toEqual({
    year: 2026,
    month: 11,
    day: 23,
    hour: 13,
    minute: 16,
    second: 30,
    offsetMinutes: 180,
  });
  // Monrovia was 44 min 30 s behind UTC until 1972: 12:00:00 UTC was 11:15:30 there.
  expect(zonedParts(Date.UTC(1960, 5, 1, 12, 0, 0), "Africa/Monrovia")).toMatchObject({
    hour: 11,
    minute: 15,
    second: 30,
  });
});
