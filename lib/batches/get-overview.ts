// Figures for the Overview page, from the batches' counters (never a scan of messages).
import "server-only";
import { db } from "@/lib/db/client";
import { ACTIVE_BATCH_STATES } from "./states";

export async function getOverview(now = new Date()) {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [active, lastDay, totals] = await Promise.all([
    db.batch.count({ where: { state: { in: [...ACTIVE_BATCH_STATES] } } }),
    db.batch.aggregate({
      where: { createdAt: { gte: since } },
      _count: { _all: true },
      _sum: { recipientCount: true, deliveredCount: true, answeredCount: true, failedCount: true, rejectedCount: true, unknownCount: true },
    }),
    db.batch.count(),
  ]);
  return {
    activeBatches: active,
    totalBatches: totals,
    lastDay: {
      batches: lastDay._count._all,
      recipients: lastDay._sum.recipientCount ?? 0,
      delivered: (lastDay._sum.deliveredCount ?? 0) + (lastDay._sum.answeredCount ?? 0),
      failed: (lastDay._sum.failedCount ?? 0) + (lastDay._sum.rejectedCount ?? 0),
      unknown: lastDay._sum.unknownCount ?? 0,
    },
  };
}
