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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Returns null for text that is not in the provider's format or not a real date/time (2024-02-31 is refused, not
 * rolled over into March). Runs for every receipt stored, so it makes one Date and checks the day by arithmetic.
 */
export function parseProviderTime(text: string, offsetMinutes = EAST_AFRICA_OFFSET_MINUTES): Date | null {
  const m = PROVIDER_TIME_PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1];
  // PostgreSQL has no year 0 (a receipt dated 0000-… would fail its whole callback): not a real time, like Feb 31.
  if (y < 1 || days === undefined || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return null;
  // Not Date.UTC, which reads the years 0–99 as 1900–1999: setUTCFullYear takes the year as written.
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi, s, 0);
  at.setTime(at.getTime() - offsetMinutes * 60_000);
  return at;
}
