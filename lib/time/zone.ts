// Time zones as Tuma names them: IANA names ("Africa/Nairobi"), checked against the runtime's Intl data. Safe in the
// browser. The organisation's zone itself is a setting in the database (lib/organisation/time-zone.ts).

/** The zone of a new installation: East Africa Time, the operators' and the provider's (no daylight saving). */
export const DEFAULT_TIME_ZONE = "Africa/Nairobi";

// An IANA name: "UTC", "Africa/Nairobi", "America/Argentina/Buenos_Aires", "Etc/GMT+3". Not an offset ("+03:00",
// which newer runtimes accept as a zone but PostgreSQL reads with the opposite sign) and not free text.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** True for a zone name this runtime's Intl knows (aliases such as Asia/Kolkata included). */
export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every zone the runtime knows, for a picker (canonical names, sorted, with UTC). */
export function timeZoneNames(): string[] {
  return [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])].sort((a, b) => a.localeCompare(b));
}
