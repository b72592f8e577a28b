// The wall-clock fields of an instant in a zone, and the zone's offset from UTC then — computed with Intl from the
// zone's rules, never from the process's or the browser's own zone. Safe in the browser.

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
  const fields: Record<string, number> = {};
  for (const part of numericFormatter(zone).formatToParts(ms)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const parts = {
    year: fields.year!,
    month: fields.month!,
    day: fields.day!,
    hour: fields.hour!,
    minute: fields.minute!,
    second: fields.second!,
  };
  // The wall clock read as if it were UTC, minus the instant (both to the whole second): the offset.
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  return { ...parts, offsetMinutes };
}
