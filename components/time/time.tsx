"use client";

// An instant as people read it in the console: "23 Nov 2026, 13:16 EAT", in the organisation's zone, in a <time>
// element whose datetime attribute carries the instant itself. Usable from server and client components alike.
import { formatDateTime, formatTime } from "@/lib/time/format";
import { useTimeZone } from "./time-zone-provider";

type Props = {
  at: Date | string | number;
  /** Show seconds ("13:16:30"). */
  seconds?: boolean;
  /** Only the time of day ("13:16:30 EAT"), for lines where the day is plain. */
  timeOnly?: boolean;
  className?: string;
};

export function Time({ at, seconds = false, timeOnly = false, className }: Props) {
  const zone = useTimeZone();
  const instant = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(instant.getTime())) return <>—</>;
  return (
    <time dateTime={instant.toISOString()} className={className}>
      {timeOnly ? formatTime(instant, zone, { seconds }) : formatDateTime(instant, zone, { seconds })}
    </time>
  );
}
