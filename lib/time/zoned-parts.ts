// The wall-clock fields of an instant in a zone, and the zone's offset from UTC then — computed with Intl from the
// zone's rules, never from the process's or the browser's own zone. Safe in the browser.
//
// Intl's formatToParts costs 15–35 µs a call, and an export of a 1,000,000-recipient report formats two times per row:
// that alone was over half a minute. A zone's offset changes a few times a year, so the offset is asked of Intl once
// per minute of time (and kept only when the minute's first and last millisecond agree: a change of offset inside
// that minute — some historical zones changed at odd seconds — is computed with Intl at each instant), and the fields
// follow by arithmetic. The offset is kept to the second, so the fields are exactly Intl's (zoned-parts.test.ts
// compares the two across transitions, odd historical offsets and the date line).

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC at that instant (+180 in Nairobi, −300 in New York in winter). */
  offsetMinutes: number;
};

// Building a DateTimeFormat costs tens of microseconds; a page formats hundreds of times in a handful of zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone, minute since the epoch → the zone's offset in seconds for the whole of that minute (NaN: it changes). */
const minuteOffsets = new Map<string, Map<number, number>>();
/** Enough for weeks of distinct minutes; a zone's are cleared, not evicted one by one, when full. */
const MINUTE_OFFSETS_MAX = 100_000;

function numericFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

export function zonedParts(at: Date | number, zone: string): ZonedParts {
  const ms = typeof at === "number" ? at : at.getTime();
  const offsetSeconds = minuteOffset(ms, zone);
  if (offsetSeconds === undefined) return intlZonedParts(ms, zone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offsetSeconds * 1000);
  const year = wall.getUTCFullYear();
  // Intl writes years outside 1–9999 with an era or more digits: those few stay Intl's.
  if (year < 1 || year > 9999) return intlZonedParts(ms, zone);
  return {
    year,
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    offsetMinutes: Math.round(offsetSeconds / 60),
  };
}

/** The zone's offset (seconds) for the minute holding `ms`, when it is the same all through that minute. */
function minuteOffset(ms: number, zone: string): number | undefined {
  const minute = Math.floor(ms / 60_000);
  let zoneMinutes = minuteOffsets.get(zone);
  if (!zoneMinutes) minuteOffsets.set(zone, (zoneMinutes = new Map()));
  const known = zoneMinutes.get(minute);
  if (known !== undefined) return Number.isNaN(known) ? undefined : known;
  const first = intlOffsetSeconds(minute * 60_000, zone);
  const last = intlOffsetSeconds(minute * 60_000 + 59_999, zone);
  if (zoneMinutes.size >= MINUTE_OFFSETS_MAX) zoneMinutes.clear();
  zoneMinutes.set(minute, first === last ? first : NaN);
  return first === last ? first : undefined;
}

function intlOffsetSeconds(ms: number, zone: string): number {
  return (wallAsUtc(intlFields(ms, zone)) - Math.floor(ms / 1000) * 1000) / 1000;
}

/** The wall clock read as if it were UTC (Date.UTC would take years 0–99 for 1900–1999). */
function wallAsUtc(p: Omit<ZonedParts, "offsetMinutes">): number {
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day);
  date.setUTCHours(p.hour, p.minute, p.second, 0);
  return date.getTime();
}

/** Every field from Intl, for each instant: the reference the cached path must equal. */
export function intlZonedParts(at: Date | number, zone: string): ZonedParts {
  const ms = typeof at === "number" ? at : at.getTime();
  const parts = intlFields(ms, zone);
  // The wall clock read as if it were UTC, minus the instant (both to the whole second): the offset.
  const offsetMinutes = Math.round((wallAsUtc(parts) - Math.floor(ms / 1000) * 1000) / 60_000);
  return { ...parts, offsetMinutes };
}

function intlFields(ms: number, zone: string): Omit<ZonedParts, "offsetMinutes"> {
  const fields: Record<string, number> = {};
  for (const part of numericFormatter(zone).formatToParts(ms)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year!,
    month: fields.month!,
    day: fields.day!,
    hour: fields.hour!,
    minute: fields.minute!,
    second: fields.second!,
  };
}
