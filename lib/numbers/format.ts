// How figures read, the same on every page and in every process: counts, amounts, rates and durations. Always in one
// locale ("en": 1,234,567), never the server's or the browser's: a client component rendered on the server and
// hydrated in a browser with another locale would otherwise print two different texts (a hydration error), and an
// operator would read 1.234 as a thousand on one page and a fraction on another. The number rule of
// eslint.config.mjs keeps toLocaleString and Intl.NumberFormat to this file. Safe in the browser.

const LOCALE = "en";
const formats = new Map<string, Intl.NumberFormat>();

function formatter(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    formats.set(key, format);
  }
  return format;
}

/** A count or a figure as it is, grouped by thousands: 1,234,567 (decimals as they are, up to three: 12.25). */
export function formatCount(value: number | bigint): string {
  return formatter().format(value);
}

/** A figure with its own digits or notation (two decimals of an amount, "1.2K" on a chart's axis), in the one locale. */
export function formatNumber(value: number | bigint, options: Intl.NumberFormatOptions): string {
  return formatter(options).format(value);
}

/** A rate (0…1) as a percentage with one decimal, or "—" when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)} %`;
}

/**
 * A duration in seconds, short, the same wherever one is shown (a plan, an ETA, a receipt delay): "0.09 s", "8.3 s",
 * "42 s", "3 min 20 s", "3 min", "2 h 5 min", "2 h", "1.5 days", "12 days". Below 10 s it keeps the figures that
 * matter (a small plan takes a fraction of a second), without trailing zeros ("5 s", not "5.0 s").
 */
export function formatDuration(seconds: number): string {
  const exact = Math.max(0, seconds);
  if (exact < 1) return `${Number(exact.toFixed(2))} s`;
  if (exact < 10) return `${Number(exact.toFixed(1))} s`;
  const s = Math.round(exact);
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  if (s < 86_400)
    return `${Math.floor(s / 3_600)} h${Math.floor((s % 3_600) / 60) ? ` ${Math.floor((s % 3_600) / 60)} min` : ""}`;
  return `${(s / 86_400).toFixed(s < 864_000 ? 1 : 0)} days`;
}
