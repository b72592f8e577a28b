// When a scheduled batch starts, as Compose's plan and review show it: in the organisation's zone, named. The one
// display function here, so the time module (docs: times a person sees) replaces it in one place.
import { REPORT_TIME_ZONE } from "@/lib/reports/time-zone";

const format = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: REPORT_TIME_ZONE,
});

/** "Tuesday 4 March 2031 at 09:30 (Africa/Nairobi)". */
export function formatStart(at: Date): string {
  return `${format.format(at)} (${REPORT_TIME_ZONE})`;
}
