// A batch's delivery report: outcomes over time, by operator, and the failure reasons — all from ONE statement that
// reads the batch's messages once (one GROUP BY over a small key, rolled up here; a 1,000,000-recipient batch is
// measured in BENCHMARKS.md). That pass grows with the batch, so it is never run per poll: the result is cached per
// batch (report-cache.ts) for 10 s while the batch is changing; once it is quiet the cache key carries the batch's
// updatedAt (moved by the counter triggers on every state change), so it is read again only when something changed.
// The page polls it every 15 s while live, every 60 s otherwise (the live counters, kept by triggers, poll every 2 s).
//
// Time buckets need no scan to choose: the span runs from when the batch started to now (still changing) or to the
// batch's updatedAt, which the counter triggers move on every state change, i.e. at the last receipt applied.
import "server-only";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { uuidParam } from "@/lib/http/params";
import { DELIVERED_STATES, FAILED_STATES, PROBLEM_STATES, SENT_STATES, isActiveBatch } from "@/lib/batches/states";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { zonedParts } from "@/lib/time/zoned-parts";
import { cached } from "./report-cache";

const BUCKET_SECONDS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];
const MAX_BUCKETS = 60; // points on the chart: one more, the origin
const FAILURE_REASONS = 20;
const QUIET_MS = 5 * 60_000;

export type TimePoint = { at: string; delivered: number; answered: number; failed: number; awaiting: number };
export type OperatorRow = {
  operator: string;
  sent: number;
  delivered: number;
  failed: number;
  unknown: number;
  awaiting: number;
};
export type FailureReason = { state: string; deliveryStatus: string | null; error: string | null; count: number };
export type BatchReport = {
  /** Cumulative, at the end of each bucket: of the messages sent so far, how many are delivered, … */
  timeline: TimePoint[];
  bucketSeconds: number;
  operators: OperatorRow[];
  failures: FailureReason[];
  computedAt: string;
  /** The batch can still change (sending, or receipts awaited): its page keeps polling the report. */
  live: boolean;
};

type Row = {
  sb: number;
  fb: number | null;
  state: string;
  operator: string | null;
  status: string | null;
  error: string | null;
  n: string;
};

/** Equal counts in a stable order. */
const key = (f: FailureReason) => `${f.state}\u0000${f.deliveryStatus ?? ""}\u0000${f.error ?? ""}`;

/**
 * Picks bucket width and count for a span: at most 60 buckets of a round width, on the boundaries of the organisation's
 * zone (an hour or a day starts at its hour or midnight there, not UTC's).
 */
export function bucketsFor(start: Date, end: Date, timeZone: string): { origin: Date; seconds: number; count: number } {
  const span = Math.max(1, (end.getTime() - start.getTime()) / 1000);
  const seconds =
    BUCKET_SECONDS.find((s) => span / s <= MAX_BUCKETS) ?? Math.ceil(span / MAX_BUCKETS / 86_400) * 86_400;
  const offset = zonedParts(start, timeZone).offsetMinutes * 60_000;
  const origin = new Date(Math.floor((start.getTime() + offset) / 1000 / seconds) * seconds * 1000 - offset);
  const count = Math.max(1, Math.ceil((end.getTime() - origin.getTime()) / 1000 / seconds));
  return { origin, seconds, count };
}

export async function getBatchReport(id: string, options: { fresh?: boolean } = {}): Promise<BatchReport | null> {
  if (!uuidParam.safeParse(id).success) return null;
  const { rows } = await pool().query<{
    state: string;
    startedAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
    queuedCount: number;
  }>(`SELECT state, "startedAt", "createdAt", "updatedAt", "queuedCount" FROM "Batch" WHERE id = $1`, [id]);
  const batch = rows[0];
  if (!batch) return null;
  // Still changing: sending, or receipts arriving (the counters moved in the last 5 minutes). A finished batch with a
  // few messages that never get a receipt is not "live" for ever: it is read again when its counters next move.
  const live =
    isActiveBatch(batch.state) || (batch.queuedCount > 0 && Date.now() - batch.updatedAt.getTime() < QUIET_MS);
  const timeZone = await getOrgTimeZone();
  const compute = async () => ({
    ...(await computeReport(id, batch.startedAt ?? batch.createdAt, live ? new Date() : batch.updatedAt, timeZone)),
    live,
  });
  if (options.fresh) return compute();
  // A settled batch's key carries its updatedAt: the first read after it settles, or after a late receipt, is fresh.
  const key = `batch-report:${id}:${timeZone}:${live ? "live" : batch.updatedAt.toISOString()}`;
  return cached(key, () => (live ? 10_000 : 600_000), compute);
}

/** The one aggregate statement, exported for the benchmark's EXPLAIN ANALYZE (bench/report-queries.ts). */
export function batchReportQuery(
  id: string,
  origin: Date,
  seconds: number,
  count: number,
): { text: string; values: unknown[] } {
  // Bucket of a time: whole buckets since the origin (float arithmetic: extract() would be numeric, several times
  // slower per row), clamped into [0, count) — clock skew between us and the provider can put a receipt time
  // slightly before the start or after now.
  const bucket = (column: string) =>
    `LEAST(GREATEST(floor(date_part('epoch', ${column} - $2::timestamptz) / $3)::int, 0), $4 - 1)`;
  // One plain GROUP BY over a small key (a few thousand groups at most), rolled up into the four views by the caller:
  // unlike GROUPING SETS it aggregates in parallel workers and by hashing, never sorting a million rows to disk.
  return {
    text: `SELECT ${bucket(`COALESCE("submittedAt", "receiptAt", "updatedAt")`)} AS sb,
              CASE WHEN state = ANY($5::"MessageState"[]) THEN ${bucket(`COALESCE("receiptAt", "submittedAt", "updatedAt")`)} END AS fb,
              state::text AS state, operator,
              CASE WHEN state = ANY($6::"MessageState"[]) THEN "deliveryStatus" END AS status,
              CASE WHEN state = ANY($6::"MessageState"[]) THEN "lastError" END AS error,
              count(*) AS n
       FROM "Message" WHERE "batchId" = $1 AND state = ANY($7::"MessageState"[])
       GROUP BY 1, 2, 3, 4, 5, 6`,
    values: [id, origin, seconds, count, [...DELIVERED_STATES, ...FAILED_STATES], PROBLEM_STATES, SENT_STATES],
  };
}

async function computeReport(id: string, start: Date, end: Date, timeZone: string): Promise<Omit<BatchReport, "live">> {
  const { origin, seconds, count } = bucketsFor(start, end, timeZone);
  const query = batchReportQuery(id, origin, seconds, count);
  const { rows } = await transaction(async (client) => {
    // The planner cannot know the groups are few (it has no statistics on the bucket expressions): it would sort a
    // million rows (spilling to disk), or hash in one process. The groups fit in a few kilobytes, so: hash, in each
    // parallel worker, whatever the estimate. For this statement only (bench/report-queries.ts measures the difference).
    await client.query("SET LOCAL enable_sort = off");
    await client.query("SET LOCAL parallel_setup_cost = 0");
    await client.query("SET LOCAL parallel_tuple_cost = 0");
    return client.query<Row>(query.text, query.values);
  });
  const sent = new Array<number>(count).fill(0);
  const finals = {
    delivered: new Array<number>(count).fill(0),
    answered: new Array<number>(count).fill(0),
    failed: new Array<number>(count).fill(0),
  };
  const operators = new Map<string, OperatorRow>();
  const reasons = new Map<string, FailureReason>();
  for (const row of rows) {
    const n = Number(row.n);
    sent[row.sb]! += n;
    if (row.fb !== null) {
      const series =
        row.state === "DELIVERED" ? finals.delivered : row.state === "ANSWERED" ? finals.answered : finals.failed;
      series[row.fb]! += n;
    }
    const name = row.operator ?? "Not accepted";
    const o = operators.get(name) ?? { operator: name, sent: 0, delivered: 0, failed: 0, unknown: 0, awaiting: 0 };
    o.sent += n;
    if ((DELIVERED_STATES as readonly string[]).includes(row.state)) o.delivered += n;
    else if ((FAILED_STATES as readonly string[]).includes(row.state)) o.failed += n;
    else if (row.state === "UNKNOWN") o.unknown += n;
    else o.awaiting += n;
    operators.set(name, o);
    if ((PROBLEM_STATES as readonly string[]).includes(row.state)) {
      const reason = { state: row.state, deliveryStatus: row.status, error: row.error, count: 0 };
      const r = reasons.get(key(reason)) ?? reason;
      r.count += n;
      reasons.set(key(reason), r);
    }
  }
  const failures = [...reasons.values()];
  // The first point is the origin, before anything: the chart starts from zero.
  const timeline: TimePoint[] = [{ at: origin.toISOString(), delivered: 0, answered: 0, failed: 0, awaiting: 0 }];
  const total = { sent: 0, delivered: 0, answered: 0, failed: 0 };
  for (let i = 0; i < count; i++) {
    total.sent += sent[i]!;
    total.delivered += finals.delivered[i]!;
    total.answered += finals.answered[i]!;
    total.failed += finals.failed[i]!;
    timeline.push({
      at: new Date(origin.getTime() + (i + 1) * seconds * 1000).toISOString(),
      delivered: total.delivered,
      answered: total.answered,
      failed: total.failed,
      // A receipt can beat its send's answer (and clocks differ): never below zero.
      awaiting: Math.max(0, total.sent - total.delivered - total.answered - total.failed),
    });
  }
  return {
    timeline,
    bucketSeconds: seconds,
    operators: [...operators.values()].sort((a, b) => b.sent - a.sent || a.operator.localeCompare(b.operator)),
    failures: failures.sort((a, b) => b.count - a.count || key(a).localeCompare(key(b))).slice(0, FAILURE_REASONS),
    computedAt: new Date().toISOString(),
  };
}
