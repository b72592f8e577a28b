// Per network and per day of the last 30 (East Africa Time, by the hour a message was sent): messages sent, delivered,
// refused, failed by failure class, and the median receipt delay — all from DeliveryRollup (kept by triggers as
// messages change, migrations receipt_statuses and rollup_functions_inlined), never from the messages: one indexed
// range of at most 720 rows per network (an hour each, its counts in two small arrays), added up per day by the
// database, whatever the number of messages (bench/operator-days.ts measures it at 10,000,000). The range's start is
// computed once (a sub-select), not per row. The median is known to its delay bucket (delay-buckets.ts).
import "server-only";
import { pool } from "@/lib/db/pool";
import { FAILURE_CLASSES, type FailureClass } from "@/lib/receipts/failure-classes";
import { medianBucket } from "./delay-buckets";
import { DELAY_BUCKETS, ROLLUP_OUTCOMES } from "./rollup-outcomes";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";

export const OPERATOR_DAYS = 30;
/** Messages without an operator: refused by the provider or with an unknown outcome. */
export const NO_OPERATOR = "Not accepted";

export type OperatorFigures = {
  sent: number;
  delivered: number;
  rejected: number;
  failed: number;
  failures: Record<FailureClass, number>;
  /** The delay bucket holding the median delay of final receipts, or null when none came. */
  medianDelayBucket: number | null;
};
export type OperatorDay = OperatorFigures & { day: string };
export type OperatorReport = { operator: string; total: OperatorFigures; days: OperatorDay[] };

type Row = { day: string; operator: string; outcomes: string; delays: string };

/** "{1,0,3}" → [1, 0, 3] */
const counts = (text: string): number[] => (text.length > 2 ? text.slice(1, -1).split(",").map(Number) : []);

const empty = (): OperatorFigures & { histogram: Map<number, number> } => ({
  sent: 0,
  delivered: 0,
  rejected: 0,
  failed: 0,
  failures: Object.fromEntries(FAILURE_CLASSES.map((c) => [c, 0])) as Record<FailureClass, number>,
  medianDelayBucket: null,
  histogram: new Map(),
});

const sums = (column: string, length: number) =>
  `ARRAY[${Array.from({ length }, (_, i) => `COALESCE(sum(${column}[${i + 1}]), 0)`).join(", ")}]::text`;

/** The query, exported for the benchmark. */
export function operatorDaysQuery(now: Date, timeZone: string): { text: string; values: unknown[] } {
  return {
    // Added up per day of the report's zone and network here, not in JavaScript: 30 rows per network to send and
    // parse instead of 720, element by element (the arrays' lengths are rollup-outcomes.ts's). The arrays go as text:
    // the driver's own parsing of int[] (value by value, in JavaScript) took several times what the database needed.
    text: `SELECT to_char(hour AT TIME ZONE $2, 'YYYY-MM-DD') AS day, operator,
                  ${sums("outcomes", ROLLUP_OUTCOMES.length)} AS outcomes, ${sums("delays", DELAY_BUCKETS)} AS delays
           FROM "DeliveryRollup"
           WHERE hour >= (SELECT (date_trunc('day', $1::timestamptz AT TIME ZONE $2) - make_interval(days => $3 - 1)) AT TIME ZONE $2)
             AND hour < (SELECT $1::timestamptz + interval '1 hour')
           GROUP BY 1, 2`,
    values: [now, timeZone, OPERATOR_DAYS],
  };
}

export async function getOperatorDays(now = new Date()): Promise<{ days: string[]; operators: OperatorReport[] }> {
  const timeZone = await getOrgTimeZone();
  const query = operatorDaysQuery(now, timeZone);
  const { rows } = await pool().query<Row>(query.text, query.values);
  const days = lastDays(now, timeZone);
  const byOperator = new Map<string, Map<string, ReturnType<typeof empty>>>();
  for (const row of rows) {
    const name = row.operator || NO_OPERATOR;
    const perDay = byOperator.get(name) ?? new Map<string, ReturnType<typeof empty>>();
    byOperator.set(name, perDay);
    const figures = perDay.get(row.day) ?? empty();
    perDay.set(row.day, figures);
    add(figures, counts(row.outcomes), counts(row.delays));
  }
  const operators = [...byOperator.entries()].map(([operator, perDay]) => {
    const total = empty();
    const list = days.map((day) => {
      const figures = perDay.get(day) ?? empty();
      total.sent += figures.sent;
      total.delivered += figures.delivered;
      total.rejected += figures.rejected;
      total.failed += figures.failed;
      for (const c of FAILURE_CLASSES) total.failures[c] += figures.failures[c];
      for (const [bucket, n] of figures.histogram) total.histogram.set(bucket, (total.histogram.get(bucket) ?? 0) + n);
      return { day, ...finish(figures) };
    });
    return { operator, total: finish(total), days: list };
  });
  operators.sort((a, b) => b.total.sent - a.total.sent || a.operator.localeCompare(b.operator));
  return { days, operators };
}

function add(figures: ReturnType<typeof empty>, outcomes: number[], delays: number[]): void {
  ROLLUP_OUTCOMES.forEach((outcome, i) => {
    const n = outcomes[i] ?? 0;
    if (outcome === "SENT") figures.sent += n;
    else if (outcome === "DELIVERED") figures.delivered += n;
    else if (outcome === "REJECTED") figures.rejected += n;
    else {
      figures.failed += n;
      figures.failures[outcome] += n;
    }
  });
  delays.forEach((n, bucket) => figures.histogram.set(bucket, (figures.histogram.get(bucket) ?? 0) + n));
}

function finish({ histogram, ...figures }: ReturnType<typeof empty>): OperatorFigures {
  return { ...figures, medianDelayBucket: medianBucket(histogram) };
}

// Made once per zone: building an Intl formatter with a time zone costs milliseconds, more than this whole report's
// arithmetic. en-CA writes YYYY-MM-DD.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone })));
  return format;
}
/** The last OPERATOR_DAYS days in the report's zone, oldest first, as YYYY-MM-DD. */
function lastDays(now: Date, timeZone: string): string[] {
  const today = dayFormat(timeZone).format(now);
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: OPERATOR_DAYS }, (_, i) =>
    new Date(base - (OPERATOR_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
