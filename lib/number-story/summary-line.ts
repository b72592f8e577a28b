// The number's page's one-line summary, as the operator on the phone reads it out: "14 messages since 3 Oct 2026;
// 12 delivered; last delivered 26 Nov 2026, 09:02 EAT" — times in the organisation's zone through lib/time, counts
// as every count of the console ("en" grouping). Pure, so it is checked without a database.
import { formatCount } from "@/lib/numbers/format";
import { formatDateTime, formatDay, isoInZone } from "@/lib/time/format";
import type { NumberSummary } from "./number-story";

const n = formatCount;

export function summaryLine(summary: NumberSummary, zone: string): string {
  // Like every other line, without its full stop: the page writes it (it was written twice here).
  if (summary.messages === 0) return "No message has been sent to this number";
  const count = `${summary.capped ? "More than " : ""}${n(summary.messages)} message${summary.messages === 1 ? "" : "s"}`;
  const since =
    summary.since && !summary.capped
      ? ` since ${formatDay(isoInZone(summary.since, zone).slice(0, 10))} ${isoInZone(summary.since, zone).slice(0, 4)}`
      : "";
  const last = summary.lastDelivered ? `; last delivered ${formatDateTime(summary.lastDelivered, zone)}` : "";
  return `${count}${since}; ${n(summary.delivered)} delivered${last}`;
}
