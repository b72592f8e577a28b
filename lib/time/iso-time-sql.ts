// The one place SQL writes a time as text: the exports' pages are written by the database (lib/batches/report-csv-page.ts,
// report-xlsx-page.ts), and their times must read exactly as lib/time/format.ts writes them.

/**
 * A timestamptz as lib/time/format.ts isoInZone writes it ("2026-11-23T13:16:30+03:00"): the wall clock and that
 * instant's offset, to the minute, in the session's zone — so the statement must run where the organisation's zone
 * is the session's (SET LOCAL, as lib/batches/report-page-rows.ts readInZone does). One conversion per value: naming the
 * zone in the expression (AT TIME ZONE, twice, and the offset worked out from the difference) cost three times as
 * much, the largest part of the export's own work in the database. NULL stays NULL.
 */
export function isoTimeSql(expr: string): string {
  return `to_char(${expr}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;
}
