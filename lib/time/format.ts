// Every time a person sees, in one shape: "23 Nov 2026, 13:16 EAT" — in the organisation's zone, the zone named.
// Server pages, client components (which get the zone from the console layout, never the browser's) and exports all
// come here. Strings are built from numeric fields, not from a locale's pattern, so the server and every browser
// render the same text. Safe in the browser.
import { zonedParts, type ZonedParts } from "./zoned-parts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

type Instant = Date | string | number;

const two = (n: number) => String(n).padStart(2, "0");
const toMs = (at: Instant) => (at instanceof Date ? at.getTime() : typeof at === "number" ? at : Date.parse(at));

/** "UTC+03:00", "UTC−05:00", "UTC+05:30": an offset as people read it. */
export function offsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "−" : "+";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

// Short zone names are locale data: "EAT" is in CLDR's Kenyan English, "EST" in American, "IST" in Indian. The first
// English locale that has a real abbreviation for the zone wins; one that gives only "GMT+3" says it has none.
const LABEL_LOCALES = ["en-US", "en-GB", "en-KE", "en-NG", "en-ZA", "en-IN", "en-AU", "en-NZ", "en-CA", "en-IE"];
const OFFSET_ONLY = /^(GMT|UTC)[+\-−]/;
const labels = new Map<string, string>();

/** The zone's short name at that instant ("EAT", "EST"/"EDT", "GMT"), else its offset ("UTC+09:00"). */
export function zoneLabel(zone: string, at: Instant = Date.now()): string {
  const parts = zonedParts(toMs(at), zone);
  return labelFor(zone, toMs(at), parts);
}

function labelFor(zone: string, ms: number, parts: ZonedParts): string {
  const key = `${zone}|${parts.offsetMinutes}`;
  let label = labels.get(key);
  if (label === undefined) {
    label = offsetLabel(parts.offsetMinutes);
    for (const locale of LABEL_LOCALES) {
      const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
        .formatToParts(ms)
        .find((p) => p.type === "timeZoneName")?.value;
      if (name && !OFFSET_ONLY.test(name)) {
        label = name;
        break;
      }
    }
    labels.set(key, label);
  }
  return label;
}

/** "East Africa Time (Africa/Nairobi)": for forms and captions that say which zone times are in. */
export function zoneDescription(zone: string): string {
  for (const style of ["longGeneric", "long"] as const) {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: style })
      .formatToParts(Date.now())
      .find((p) => p.type === "timeZoneName")?.value;
    if (name && !/^(GMT|UTC)/.test(name)) return `${name} (${zone})`;
  }
  return zone;
}

type TimeOptions = { seconds?: boolean; zoneName?: boolean };

function clock(p: ZonedParts, seconds: boolean): string {
  return `${two(p.hour)}:${two(p.minute)}${seconds ? `:${two(p.second)}` : ""}`;
}

/** "23 Nov 2026, 13:16 EAT" (with `seconds`: "13:16:30"; with `weekday`: "Mon 23 Nov 2026, …"). */
export function formatDateTime(at: Instant, zone: string, options: TimeOptions & { weekday?: boolean } = {}): string {
  const ms = toMs(at);
  if (Number.isNaN(ms)) return "—";
  const p = zonedParts(ms, zone);
  const day = `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
  const weekday = options.weekday ? `${WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]} ` : "";
  const label = options.zoneName === false ? "" : ` ${labelFor(zone, ms, p)}`;
  return `${weekday}${day}, ${clock(p, options.seconds ?? false)}${label}`;
}

/** "13:16:30 EAT" (the day left out: for axes and "as of" lines where the day is plain). */
export function formatTime(at: Instant, zone: string, options: TimeOptions = {}): string {
  const ms = toMs(at);
  if (Number.isNaN(ms)) return "—";
  const p = zonedParts(ms, zone);
  return `${clock(p, options.seconds ?? false)}${options.zoneName === false ? "" : ` ${labelFor(zone, ms, p)}`}`;
}

/** "23 Nov, 13:16" without the zone: chart ticks, whose chart names the zone once. */
export function formatShortDateTime(at: Instant, zone: string): string {
  const ms = toMs(at);
  if (Number.isNaN(ms)) return "—";
  const p = zonedParts(ms, zone);
  return `${p.day} ${MONTHS[p.month - 1]}, ${clock(p, false)}`;
}

/** A calendar day that is already the organisation's ("2026-11-23" from a report) as "23 Nov". */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]}` : day;
}

/** ISO 8601 with the zone's offset, for exports: "2026-11-23T13:16:30+03:00" (one instant, readable as local time). */
export function isoInZone(at: Instant, zone: string): string {
  const ms = toMs(at);
  const p = zonedParts(ms, zone);
  const abs = Math.abs(p.offsetMinutes);
  const offset = `${p.offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return `${String(p.year).padStart(4, "0")}-${two(p.month)}-${two(p.day)}T${clock(p, true)}${offset}`;
}
