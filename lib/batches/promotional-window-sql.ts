// The promotional window as SQL, the twin of lib/compose/promotional-window.ts: true when `instant` (an SQL expression,
// now() for the worker) falls inside the organisation's window, read in its zone by PostgreSQL (AT TIME ZONE with the
// zone's name, whatever the session's zone). Dispatch claims no chunk of a promotional batch outside it
// (lib/dispatch/claim.ts, active-batches.ts): the batch waits with its state untouched — an operator's pause stays a
// pause, and an operator's resume outside the window sends nothing until it opens.
import { DEFAULT_PROMOTIONAL_WINDOW } from "@/lib/compose/promotional-window";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";

export function insidePromotionalWindowSql(instant: string): string {
  const { startMinute, endMinute } = DEFAULT_PROMOTIONAL_WINDOW;
  return `(SELECT CASE WHEN w.s < w.e THEN w.sec >= w.s AND w.sec < w.e ELSE w.sec >= w.s OR w.sec < w.e END
    FROM (SELECT coalesce(o."promotionalStartMinute", ${startMinute}) * 60 AS s,
                 coalesce(o."promotionalEndMinute", ${endMinute}) * 60 AS e,
                 extract(epoch FROM ((${instant}) AT TIME ZONE coalesce(o."timeZone", '${DEFAULT_TIME_ZONE}'))::time) AS sec
          FROM (SELECT 1) AS one LEFT JOIN "Organisation" o ON o.id = 1) AS w)`;
}

/** A batch (aliased `alias`) may send now: transactional, or promotional inside the window. */
export function mayDispatchNowSql(alias: string): string {
  return `(NOT ${alias}.promotional OR ${insidePromotionalWindowSql("now()")})`;
}
