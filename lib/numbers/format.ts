// How report figures read, the same on every page. Safe in the browser.

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
