// A batch's delivery report: outcomes over time, by operator, and the failure reasons by kind (failure-classes.ts) —
// all from ONE statement that reads the batch's messages once (one GROUP BY over a small key, rolled up here; a
// 1,000,000-recipient batch is measured in BENCHMARKS.md), in the same snapshot as the batch's counters, which come
// with it: the page shows every section "as of" one moment and never beside counters it contradicts. The cache key
// carries the batch's updatedAt (moved by the counter triggers on every state change), so the page, which asks again
// whenever its live counters move, gets a report of the same moment; only a large batch that is still changing
// (LARGE_BATCH recipients or more, where a pass costs more) is read at most every 10 s and says so by its time.
// With it, "reached": the people a batch and its resends reached, of those its first batch targeted — by the SMS
// delivered or, for an escalating batch, by its call answered (Message.callState; issue 35), each person once.
//
// Time buckets need no scan to choose: the span runs from when the batch started to now (still changing) or to the
// batch's updatedAt, which the counter triggers move on every state change, i.e. at the last receipt applied.
import "server-only";
import { outcomesByLanguage, type LanguageOutcome } from "./by-language";
import type pg from "pg";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { uuidParam } from "@/lib/http/params";
import { STATE_COUNTERS, type BatchCounters } from "@/lib/batches/counters";
import { DELIVERED_STATES, FAILED_STATES, PROBLEM_STATES, SENT_STATES, isActiveBatch } from "@/lib/states/states";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { zonedParts } from "@/lib/time/zoned-parts";
import { failureKindOf, type FailureKind } from "@/lib/receipts/failure-classes";
import { cached } from "@/lib/cache/report-cache";
import { reachedCount } from "@/lib/batches/counters-snapshot";
import { messageState } from "@/lib/states/state-sql";

const BUCKET_SECONDS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];
const MAX_BUCKETS = 60; // points on the chart: one more, the origin
const FAILURE_DETAILS = 10;
const QUIET_MS = 5 * 60_000;
/** From this many recipients a changing batch's report is computed at most every 10 s (one pass costs more). */
export const LARGE_BATCH = 50_000;

export type TimePoint = { at: string; delivered: number; answered: number; failed: number; awaiting: number };
export type OperatorRow = {
  operator: string;
  sent: number;
  delivered: number;
  failed: number;
  unknown: number;
  awaiting: number;
};
/** One kind of failure (failure-classes.ts) with its count and the provider's statuses or errors behind it. */
export type FailureReason = {
  kind: FailureKind;
  count: number;
  details: { deliveryStatus: string | null; error: string | null; count: number }[];
};
/** People reached by the batch and its resends, of those the first batch targeted. */
export type Reached = { reached: number; targeted: number; batches: number };
export type BatchReport = {
  /** Cumulative, at the end of each bucket: of the messages sent so far, how many are delivered, … */
  timeline: TimePoint[];
  bucketSeconds: number;
  operators: OperatorRow[];
  failures: FailureReason[];
  reached: Reached;
  /** The batch's counters and last change, read in the same snapshot as every figure above. */
  counters: BatchCounters;
  batchUpdatedAt: Date;
  computedAt: string;
  /** The batch can still change (sending, or receipts awaited): its page keeps polling the report. */
  live: boolean;
  /** A batch in several languages (docs/languages.md): its outcomes per language; null for one text. */
  languages: LanguageOutcome[] | null;
};

type Row = {
  sb: number;
  fb: number | null;
  state: string;
  operator: string | null;
  status: string | null;
  error: string | null;
  class: string | null;
  n: string;
};

type Detail = FailureReason["details"][number];
/** Equal counts in a stable order. */
const detailKey = (d: Detail) => `${d.deliveryStatus ?? ""}\u0000${d.error ?? ""}`;

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
    recipientCount: number;
  }>(
    `SELECT state, "startedAt", "createdAt", "updatedAt", "queuedCount", "recipientCount" FROM "Batch" WHERE id = $1`,
    [id],
  );
  const batch = rows[0];
  if (!batch) return null;
  // Still changing: sending, or receipts arriving (the counters moved in the last 5 minutes). A finished batch with a
  // few messages that never get a receipt is not "live" for ever: it is read again when its counters next move.
  const live =
    isActiveBatch(batch.state) || (batch.queuedCount > 0 && Date.now() - batch.updatedAt.getTime() < QUIET_MS);
  const timeZone = await getOrgTimeZone();
  const compute = async () => {
    const report = await computeReport(id, batch.startedAt ?? batch.createdAt, live ? null : batch.updatedAt, timeZone);
    const languages = await outcomesByLanguage(id);
    return { ...report, live, languages: languages && languages.length > 1 ? languages : null };
  };
  if (options.fresh) return compute();
  // The key carries the batch's updatedAt: a report of the moment the counters show. A large batch still changing
  // would be read at every move of its counters: it is read at most every 10 s instead. Buckets follow the
  // organisation's zone, so the key carries it too.
  const throttled = live && batch.recipientCount >= LARGE_BATCH;
  const key = `batch-report:${id}:${timeZone}:${throttled ? "live" : batch.updatedAt.toISOString()}`;
  return cached(key, () => (throttled ? 10_000 : 600_000), compute);
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
              CASE WHEN state = ANY($6::"MessageState"[]) THEN "failureClass" END AS class,
              count(*) AS n
       FROM "Message" WHERE "batchId" = $1 AND state = ANY($7::"MessageState"[])
       GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    values: [id, origin, seconds, count, [...DELIVERED_STATES, ...FAILED_STATES], PROBLEM_STATES, SENT_STATES],
  };
}

type Snapshot = BatchCounters & { updatedAt: Date; parentBatchId: string | null; reachedByCallCount: number };

/** `end` null: the batch is still changing, its span runs to now. */
async function computeReport(
  id: string,
  start: Date,
  end: Date | null,
  timeZone: string,
): Promise<Omit<BatchReport, "live" | "languages">> {
  const { origin, seconds, count } = bucketsFor(start, end ?? new Date(), timeZone);
  const query = batchReportQuery(id, origin, seconds, count);
  const { rows, batch, reached } = await transaction(async (client) => {
    // One snapshot for the counters, the aggregate and the reach, so that they agree with each other.
    await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const counters = await client.query<Snapshot>(
      `SELECT ${STATE_COUNTERS.map((c) => `"${c.field}"`).join(", ")}, "reachedByCallCount", "updatedAt", "parentBatchId" FROM "Batch" WHERE id = $1`,
      [id],
    );
    // The planner cannot know the groups are few (it has no statistics on the bucket expressions): it would sort a
    // million rows (spilling to disk), or hash in one process. The groups fit in a few kilobytes, so: hash, in each
    // parallel worker, whatever the estimate. For this statement only (bench/report-queries.ts measures the difference).
    await client.query("SET LOCAL enable_sort = off");
    await client.query("SET LOCAL parallel_setup_cost = 0");
    await client.query("SET LOCAL parallel_tuple_cost = 0");
    const aggregate = await client.query<Row>(query.text, query.values);
    const batch = counters.rows[0]!;
    return { rows: aggregate.rows, batch, reached: await familyReach(client, id, batch) };
  });
  const sent = new Array<number>(count).fill(0);
  const finals = {
    delivered: new Array<number>(count).fill(0),
    answered: new Array<number>(count).fill(0),
    failed: new Array<number>(count).fill(0),
  };
  const operators = new Map<string, OperatorRow>();
  const reasons = new Map<FailureKind, FailureReason & { byDetail: Map<string, Detail> }>();
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
      const kind = failureKindOf(row.state, row.class);
      const reason = reasons.get(kind) ?? { kind, count: 0, details: [], byDetail: new Map<string, Detail>() };
      reason.count += n;
      const detail = { deliveryStatus: row.status, error: row.error, count: 0 };
      const d = reason.byDetail.get(detailKey(detail)) ?? detail;
      d.count += n;
      reason.byDetail.set(detailKey(detail), d);
      reasons.set(kind, reason);
    }
  }
  const failures: FailureReason[] = [...reasons.values()]
    .map(({ kind, count, byDetail }) => ({
      kind,
      count,
      details: [...byDetail.values()]
        .sort((a, b) => b.count - a.count || detailKey(a).localeCompare(detailKey(b)))
        .slice(0, FAILURE_DETAILS),
    }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
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
    failures,
    reached,
    counters: Object.fromEntries(STATE_COUNTERS.map((c) => [c.field, batch[c.field]])) as BatchCounters,
    batchUpdatedAt: batch.updatedAt,
    computedAt: new Date().toISOString(),
  };
}

/**
 * The people reached by a batch's family — its first batch and every resend below it — of those the first batch
 * targeted (its recipients but the suppressed). A number delivered in the batch and again in a resend counts once,
 * so a family is counted by distinct numbers; a batch alone is its counters.
 */
async function familyReach(client: pg.PoolClient, id: string, batch: Snapshot): Promise<Reached> {
  const delivered = reachedCount(batch);
  const { rows } = await client.query<{ family: string[]; targeted: number }>(
    `WITH RECURSIVE up AS (
       SELECT id, "parentBatchId" FROM "Batch" WHERE id = $1
       UNION ALL SELECT b.id, b."parentBatchId" FROM "Batch" b JOIN up ON b.id = up."parentBatchId"
     ),
     family AS (
       SELECT id FROM up WHERE "parentBatchId" IS NULL
       UNION ALL SELECT b.id FROM "Batch" b JOIN family f ON b."parentBatchId" = f.id
     )
     SELECT array_agg(f.id::text) AS family,
            (SELECT "recipientCount" - "suppressedCount" FROM "Batch" WHERE id = (SELECT id FROM up WHERE "parentBatchId" IS NULL)) AS targeted
     FROM family f`,
    [id],
  );
  const { family, targeted } = rows[0]!;
  if (family.length <= 1) return { reached: delivered, targeted, batches: 1 };
  const { rows: counted } = await client.query<{ reached: number }>(
    `SELECT count(DISTINCT phone)::int AS reached FROM "Message"
     WHERE "batchId" = ANY($1::uuid[]) AND (state = ANY($2::"MessageState"[]) OR "callState" = ${messageState("ANSWERED")})`,
    [family, DELIVERED_STATES],
  );
  return { reached: counted[0]!.reached, targeted, batches: family.length };
}
