// The organisation's window for promotional batches (default 08:00–20:00 in its time zone): a promotional batch sends
// only inside it, waits at its end and goes on at its next start; a transactional batch ignores it. Pure and safe in
// the browser: the planner's ETA counts the waits, and the worker's SQL twin (lib/batches/promotional-window-sql.ts)
// holds to the same rule. Wall-clock times come from lib/time (Intl with the organisation's zone), never from the
// process's zone. A window may span midnight (22:00–06:00). Steps are taken in elapsed seconds, corrected by the
// zone's offset change on arrival, so a zone with daylight saving lands on the right wall-clock minute too.
import { zonedParts } from "@/lib/time/zoned-parts";

/** Minutes after local midnight: start inclusive, end exclusive. */
export type PromotionalWindow = { startMinute: number; endMinute: number };

export const DEFAULT_PROMOTIONAL_WINDOW: PromotionalWindow = { startMinute: 8 * 60, endMinute: 20 * 60 };

const DAY_S = 86_400;

function secondOfDay(at: number, zone: string): { second: number; offset: number } {
  const p = zonedParts(at, zone);
  return { second: p.hour * 3600 + p.minute * 60 + p.second + (at % 1000) / 1000, offset: p.offsetMinutes };
}

export function isInsideWindow(at: Date | number, window: PromotionalWindow, zone: string): boolean {
  const { second } = secondOfDay(+at, zone);
  const start = window.startMinute * 60;
  const end = window.endMinute * 60;
  return start < end ? second >= start && second < end : second >= start || second < end;
}

/** The first instant at or after `at` when the wall clock in `zone` reads `minute` (an instant already there: `at`). */
function nextWallMinute(at: number, minute: number, zone: string): number {
  const { second, offset } = secondOfDay(at, zone);
  const wait = (((minute * 60 - second) % DAY_S) + DAY_S) % DAY_S;
  const candidate = at + wait * 1000;
  // A change of offset on the way (daylight saving) moves the wall clock: land on the minute asked for.
  return candidate + (offset - zonedParts(candidate, zone).offsetMinutes) * 60_000;
}

/** When a promotional batch may next send: `at` itself inside the window, else the window's next start. */
export function nextWindowOpen(at: Date | number, window: PromotionalWindow, zone: string): Date {
  return new Date(isInsideWindow(at, window, zone) ? +at : nextWallMinute(+at, window.startMinute, zone));
}

/** The end of the window `at` is in (`at` inside it), or of the next one. */
export function nextWindowClose(at: Date | number, window: PromotionalWindow, zone: string): Date {
  const open = +nextWindowOpen(at, window, zone);
  const close = nextWallMinute(open, window.endMinute, zone);
  return new Date(close === open ? close + DAY_S * 1000 : close);
}

/**
 * When `seconds` of sending that start at `start` are done, counting the waits outside the window: the planner's
 * ETA for a promotional batch.
 */
export function finishWithinWindows(
  start: Date | number,
  seconds: number,
  window: PromotionalWindow,
  zone: string,
): Date {
  let at = +start;
  let left = seconds * 1000;
  // A window is at least a minute a day, so a year of days bounds the loop whatever the input.
  for (let day = 0; day < 400; day++) {
    at = +nextWindowOpen(at, window, zone);
    const close = +nextWindowClose(at, window, zone);
    if (left <= close - at) return new Date(at + left);
    left -= close - at;
    at = close;
  }
  return new Date(at + left);
}

/** "08:00" from 480. */
export function minuteLabel(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** 480 from "08:00"; null for anything else. */
export function parseMinute(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
