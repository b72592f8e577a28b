// The zone "today" and "per day" mean in reports: East Africa Time, the provider's and the operators' (no daylight
// saving). One setting, passed to SQL as a parameter (`AT TIME ZONE $n`) and to Intl formatters.
export const REPORT_TIME_ZONE = "Africa/Nairobi";
