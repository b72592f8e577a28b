/**
 * The provider's timestamps (`created_at`, `deliveryTime`) are "YYYY-MM-DD HH:MM:SS" with no zone.
 * The spec does not say which zone; a Kenyan provider most plausibly uses East Africa Time (UTC+3, no DST),
 * which is what the sandbox writes. Both helpers take the offset so a different provider is one setting away.
 */

export const PROVIDER_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const EAST_AFRICA_OFFSET_MINUTES = 180;

export function formatProviderTime(date: Date, offsetMinutes = EAST_AFRICA_OFFSET_MINUTES): string {
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  return shifted.toISOString().slice(0, 19).replace("T", " ");
}

/** Returns null for text that is not in the provider's format or not a real date/time. */
export function parseProviderTime(text: string, offsetMinutes = EAST_AFRICA_OFFSET_MINUTES): Date | null {
  const m = PROVIDER_TIME_PATTERN.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-31 over into March; refuse such values instead of silently moving them.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(utc - offsetMinutes * 60_000);
}
