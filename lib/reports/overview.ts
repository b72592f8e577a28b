// The Overview page's figures, from the batches' trigger-kept counters (never a scan of messages): per day of the
// last 30 (days of the organisation's time zone, by the day a batch was created — a batch sending across midnight
// counts on the day it was made), today / 7 / 30 days as sums of those days, the active batches with their progress,
// and the recent batches with failures with their top reasons (from the cached batch reports, batch-report.ts).
// The day query reads the batches of the last 30 days through the createdAt index: it grows with batches, not with
// recipients. Its messages and "reached" are counted as the batch page counts them (issue 35): reached = SMS delivered
// or call answered, by counters-snapshot.ts's one definition, and an escalation's calls batch is part of its SMS
// batch's story (its answered calls are the SMS batch's reachedByCallCount), not a batch of messages of its own.
import "server-only";
import { STATE_COUNTERS } from "@/lib/batches/counters";
import { reachedSql } from "@/lib/batches/counters-snapshot";
import { batchPhase } from "@/lib/batches/phase";
import { ACTIVE_BATCH_STATES, FAILED_STATES, SENT_STATES } from "@/lib/states/states";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { pool } from "@/lib/db/pool";
import { getBatchReport, type FailureReason } from "./batch-report";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { unmappedEverywhere, unmappedInBatches, unmappedTotal } from "@/lib/receipts/unmapped-in-batch";

export type DayFigures = {
  day: string;
  batches: number;
  sent: number;
  /** Recipients reached: SMS delivered or call answered (lib/batches/counters-snapshot.ts reachedSql). */
  reached: number;
  failed: number;
  unknown: number;
  awaiting: number;
  units: number;
};
export type PeriodFigures = Omit<DayFigures, "day"> & { label: string };

/** SQL for the sum of the counters of some states, e.g. `"deliveredCount" + "answeredCount"`. */
function counterSum(states: readonly string[]): string {
  return STATE_COUNTERS.filter((c) => states.includes(c.state))
    .map((c) => `b."${c.field}"`)
    .join(" + ");
}

export async function getOverviewReport(now = new Date(), timeZone?: string) {
  const zone = timeZone ?? (await getOrgTimeZone());
  const { rows } = await pool().query<{
    day: string;
    batches: string;
    sent: string;
    reached: string;
    failed: string;
    unknown: string;
    awaiting: string;
    units: string;
  }>(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series(
         date_trunc('day', $1::timestamptz AT TIME ZONE $2) - interval '29 days', date_trunc('day', $1::timestamptz AT TIME ZONE $2), interval '1 day') d
     ),
     per_day AS (
       SELECT (b."createdAt" AT TIME ZONE $2)::date AS day, count(*) AS batches,
              sum(${counterSum(SENT_STATES)}) AS sent, sum(${reachedSql("b")}) AS reached,
              sum(${counterSum(FAILED_STATES)}) AS failed, sum(b."unknownCount") AS unknown, sum(b."queuedCount") AS awaiting,
              sum(b."smsUnits") AS units
       FROM "Batch" b
       WHERE b."createdAt" >= ((SELECT min(day) FROM days)::timestamp AT TIME ZONE $2) AND b."escalatesBatchId" IS NULL
       GROUP BY 1
     )
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day, COALESCE(batches, 0) AS batches, COALESCE(sent, 0) AS sent,
            COALESCE(reached, 0) AS reached, COALESCE(failed, 0) AS failed, COALESCE(unknown, 0) AS unknown,
            COALESCE(awaiting, 0) AS awaiting, COALESCE(units, 0) AS units
     FROM days LEFT JOIN per_day USING (day) ORDER BY days.day`,
    [now, zone],
  );
  const days: DayFigures[] = rows.map((r) => ({
    day: r.day,
    batches: Number(r.batches),
    sent: Number(r.sent),
    reached: Number(r.reached),
    failed: Number(r.failed),
    unknown: Number(r.unknown),
    awaiting: Number(r.awaiting),
    units: Number(r.units),
  }));
  const period = (label: string, count: number): PeriodFigures => {
    const sum = { label, batches: 0, sent: 0, reached: 0, failed: 0, unknown: 0, awaiting: 0, units: 0 };
    for (const d of days.slice(-count)) {
      sum.batches += d.batches;
      sum.sent += d.sent;
      sum.reached += d.reached;
      sum.failed += d.failed;
      sum.unknown += d.unknown;
      sum.awaiting += d.awaiting;
      sum.units += d.units;
    }
    return sum;
  };

  const counters = Object.fromEntries(STATE_COUNTERS.map((c) => [c.field, true])) as Record<
    (typeof STATE_COUNTERS)[number]["field"],
    true
  >;
  // Active: sending or about to, and sent but still waiting for receipts (within the no-receipt age).
  const hours = env().NO_RECEIPT_AFTER_HOURS;
  const [active, totalBatches] = await Promise.all([
    db.batch.findMany({
      where: {
        OR: [
          { state: { in: [...ACTIVE_BATCH_STATES] } },
          {
            state: "COMPLETED",
            queuedCount: { gt: 0 },
            finishedAt: { gte: new Date(now.getTime() - hours * 3_600_000) },
          },
        ],
      },
      orderBy: { createdAt: "desc" },
      take: 10,
      select: {
        id: true,
        name: true,
        state: true,
        recipientCount: true,
        createdAt: true,
        finishedAt: true,
        queuedCalledCount: true,
        escalationChild: { select: { pendingCount: true, queuedCount: true } },
        ...counters,
      },
    }),
    db.batch.count(),
  ]);
  const [unmappedByBatch, unmapped] = await Promise.all([
    unmappedInBatches(active.map((b) => b.id)),
    unmappedEverywhere(),
  ]);
  return {
    days,
    periods: [period("Today", 1), period("Last 7 days", 7), period("Last 30 days", 30)],
    active: active.map((batch) => ({
      ...batch,
      phase: batchPhase(
        {
          ...batch,
          callsOpen: batch.escalationChild ? batch.escalationChild.pendingCount + batch.escalationChild.queuedCount : 0,
          unmappedReceipts: unmappedTotal(unmappedByBatch.get(batch.id)),
        },
        hours,
        now,
      ),
    })),
    totalBatches,
    /** Receipts with a status nobody has mapped, per status (every batch): the page points to the Receipts page. */
    unmapped,
  };
}

/**
 * The 5 newest batches of the last 7 days with failures (from their counters), each with its top 3 reasons from its
 * batch report (cached; on a cold cache one pass over each batch, so the page streams this part).
 */
export async function getRecentFailures(now = new Date()) {
  const batches = await db.batch.findMany({
    where: {
      createdAt: { gte: new Date(now.getTime() - 7 * 86_400_000) },
      OR: [{ failedCount: { gt: 0 } }, { rejectedCount: { gt: 0 } }, { unknownCount: { gt: 0 } }],
    },
    orderBy: { createdAt: "desc" },
    take: 5,
    select: { id: true, name: true, failedCount: true, rejectedCount: true, unknownCount: true, createdAt: true },
  });
  return Promise.all(
    batches.map(async (b) => ({
      ...b,
      reasons: ((await getBatchReport(b.id))?.failures ?? []).slice(0, 3) as FailureReason[],
    })),
  );
}

export type OverviewReport = Awaited<ReturnType<typeof getOverviewReport>>;
