/** Parses an HTTP Retry-After header (delay in seconds, or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(header: string | undefined, now: number = Date.now()): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
