// How report figures read, the same on every page. Safe in the browser.

/** A rate (0…1) as a percentage with one decimal, or "—" when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)} %`;
}

/** A duration in seconds, short: "42 s", "3 min 20 s", "2 h 5 min", "3 days". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  if (s < 86_400)
    return `${Math.floor(s / 3_600)} h${Math.floor((s % 3_600) / 60) ? ` ${Math.floor((s % 3_600) / 60)} min` : ""}`;
  return `${(s / 86_400).toFixed(s < 864_000 ? 1 : 0)} days`;
}
