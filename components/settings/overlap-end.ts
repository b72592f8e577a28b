// When a rotated receipt secret stops being accepted, as the Settings page says it: in the organisation's zone, named.
import { formatDateTime } from "@/lib/time/format";

export function formatOverlapEnd(at: Date, timeZone: string): string {
  return formatDateTime(at, timeZone);
}
