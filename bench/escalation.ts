// SMS → voice escalation benchmark (issue 17 item 1; docs/escalation.md). `BENCH_ONLY=escalation npm run bench`.
// 1. 100,000 SMS recipients with escalation on (5 minutes), from "create batch" to all QUEUED, against the sandbox at
//    120 requests/s with receipts off, timed as the dispatch benchmark times it: target ≤ 1.10 × the 8.33 s floor
//    (what escalation adds to the send path: each chunk's deadline set as it is recorded, the claim's check of the
//    SMS behind a call, the chore looking at its index every second).
// 2. Then 90 % of them are marked delivered and every chunk's deadline is set 3 s ahead (all at once: the worst
//    burst), a worker is started, and the lateness is read from the database's own clock: deadline → the last of the
//    10,000 calls inserted, and deadline → the last of them QUEUED at the provider. Target: ≤ 5 s.
import { fmt, seedAccount, smsBatch, withBenchEnv } from "./bench-env";
import { firstRow, numberOf } from "./query";
import { runAlone } from "./run-alone";
import { exactlyOnce, floorSeconds, timeDispatch } from "./timed-dispatch";
import type { BenchResult } from "./types";

const RECIPIENTS = 100_000;
const FLOOR_SECONDS = floorSeconds(RECIPIENTS);

export async function benchEscalation(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const ids = await seedAccount(env);
    const { createBatch } = await import("../lib/batches/create-batch");
    const { pool } = await import("../lib/db/pool");
    const { startWorker } = await import("../lib/dispatch/worker");
    const text = "Habari! Your clinic visit is tomorrow at 9.";
    const batch = { ...smsBatch(ids, "bench escalation", RECIPIENTS, text), escalateAfterMinutes: 5 };
    const run = await timeDispatch(env, RECIPIENTS, () => createBatch(batch));

    console.log(`escalation: 100,000 SMS sent in ${fmt(run.allQueued, 2)} s; marking 90 % delivered`);
    // 10 % never delivered; every deadline 3 s from now. Marked 5,000 at a time, as the receipts applier writes.
    const bounds = await firstRow<{ lo: string; hi: string }>(
      `SELECT min(id)::text AS lo, max(id)::text AS hi FROM "Message" WHERE "batchId" = $1`,
      [run.batchId],
    );
    for (let lo = BigInt(bounds.lo); lo <= BigInt(bounds.hi); lo += 5_000n)
      await pool().query(
        `UPDATE "Message" SET state = 'DELIVERED' WHERE "batchId" = $1 AND id BETWEEN $2 AND $3 AND id % 10 <> 0`,
        [run.batchId, lo.toString(), (lo + 4_999n).toString()],
      );
    const queued = `SELECT count(*)::int AS n FROM "Message" WHERE "batchId" = $1 AND state = 'QUEUED'`;
    const expected = await numberOf(queued, [run.batchId]);
    const { deadline } = await firstRow<{ deadline: Date }>(
      `UPDATE "DispatchChunk" SET "escalateAt" = date_trunc('milliseconds', now()) + interval '3 seconds'
       WHERE "batchId" = $1 RETURNING "escalateAt" AS deadline`,
      [run.batchId],
    );
    const worker = await startWorker({ receiptBaseUrl: "http://127.0.0.1:9", lanes: 48 });
    try {
      const started = Date.now();
      for (;;) {
        const calls = `SELECT COALESCE((SELECT "queuedCount" FROM "Batch" WHERE "escalatesBatchId" = $1), 0) AS n`;
        const n = await numberOf(calls, [run.batchId]);
        if (n >= expected) break;
        if (Date.now() - started > 120_000) throw new Error(`escalation did not finish: ${n} calls queued`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
    const l = await firstRow<{
      calls: number;
      distinct_sms: number;
      first_inserted: number;
      last_inserted: number;
      last_queued: number;
    }>(
      `SELECT count(*)::int AS calls, count(DISTINCT e."parentMessageId")::int AS distinct_sms,
              extract(epoch FROM min(e."createdAt") - $2::timestamptz)::float AS first_inserted,
              extract(epoch FROM max(e."createdAt") - $2::timestamptz)::float AS last_inserted,
              extract(epoch FROM max(m."submittedAt") - $2::timestamptz)::float AS last_queued
       FROM "Escalation" e JOIN "Message" m ON m.id = e."childMessageId"
       WHERE e."childBatchId" = (SELECT id FROM "Batch" WHERE "escalatesBatchId" = $1)`,
      [run.batchId, deadline],
    );
    return {
      name: "escalation: 100,000 SMS with escalation on, then 10,000 undelivered called",
      figures: {
        "create → all QUEUED (s)": fmt(run.allQueued, 2),
        "ratio to 8.33 s floor (target ≤ 1.10)": fmt(run.allQueued / FLOOR_SECONDS, 2),
        "sent exactly once": exactlyOnce(run, RECIPIENTS),
        "undelivered at the deadline": expected,
        "calls / distinct SMS called": `${l.calls} / ${l.distinct_sms}`,
        "deadline → first call inserted (s)": fmt(l.first_inserted, 2),
        "deadline → last call inserted (s)": fmt(l.last_inserted, 2),
        "deadline → last call QUEUED at the provider (s, target ≤ 5)": fmt(l.last_queued, 2),
      },
    };
  });
}

runAlone(import.meta.url, benchEscalation);
