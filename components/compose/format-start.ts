// When a scheduled batch starts, as Compose's plan and review show it: in the organisation's zone, named, with the
// zone's name: "Tue 4 Mar 2031, 09:30 EAT (Africa/Nairobi)".
import { formatDateTime } from "@/lib/time/format";

export function formatStart(at: Date, timeZone: string): string {
  return `${formatDateTime(at, timeZone, { weekday: true })} (${timeZone})`;
}
