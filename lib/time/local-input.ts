// A date and time as a person types it ("2026-11-23T13:16", the value of an <input type="datetime-local">), read in
// a given zone — the organisation's — and back. Never in the browser's or the server process's zone. Safe in the
// browser.
import { zonedParts } from "./zoned-parts";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR = 3_600_000;

/**
 * The instant a wall-clock time names in `zone`, or null for text that is not a real date and time. Around a
 * daylight-saving change it does what calendars do: a time that occurs twice is the first one, a time skipped by the
 * change is read with the offset from before it (02:30 on a spring-forward night is 03:30).
 */
export function parseLocalDateTime(text: string, zone: string): Date | null {
  const m = LOCAL.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second = 0] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  // The offsets in force a day either side cover any single change; each that maps back to the same wall clock is a
  // reading of it.
  const before = zonedParts(wall - 24 * HOUR, zone).offsetMinutes;
  const after = zonedParts(wall + 24 * HOUR, zone).offsetMinutes;
  const readings = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((ms) => {
      const p = zonedParts(ms, zone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) === wall;
    })
    .sort((a, b) => a - b);
  return new Date(readings[0] ?? wall - before * 60_000);
}

/** The value for an <input type="datetime-local"> showing `at` in `zone`: "2026-11-23T13:16". */
export function localInputValue(at: Date | number, zone: string): string {
  const p = zonedParts(at, zone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(p.year).padStart(4, "0")}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * A form's date-time field for the server: typed local text becomes the ISO instant it names in `zone`; empty stays
 * empty; anything else is passed on as it is, for the schema to refuse with its sentence.
 */
export function localFieldToInstant(value: unknown, zone: string): unknown {
  if (typeof value !== "string" || !LOCAL.test(value.trim())) return value;
  return parseLocalDateTime(value, zone)?.toISOString() ?? value;
}
