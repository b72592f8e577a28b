// Reports benchmark (issue 10, docs/design.md §5): a generated batch of 1,000,000 recipients whose ids cross from 6 to 7
// digits, states mixed as after a real send (most delivered, some queued, failed and unknown) and 100 rare REJECTED
// recipients at the very end. Measured in the server process, the time the pages' own queries take (p95 of
// REPEAT runs each): the batch page, the first and the 10,000th recipients page, a rare-state filter, a phone search,
// then the whole export streamed as CSV (its rows counted: exactly 1,000,000), and what the indexes this needs cost
// the hot path: the same set-based state update dispatch uses, on 100,000 messages.
// Run: npx tsx --conditions=react-server bench/reports.ts   (BENCH_RECIPIENTS=1000000, BENCH_REPEAT=40,
// BENCH_EXPERIMENT_SQL='CREATE INDEX …' to measure a candidate index on the same data)
import { benchAccountId, benchBatch, markDelivered, messageIdsFrom, MIXED } from "./bench-batch";
import { fmt, withBenchEnv } from "./bench-env";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";
import { againstPageTarget, batchPageTimings, exportedRows } from "./batch-pages";
import { firstRow, rowsOf } from "./query";
import { secondsOf } from "./timed-runs";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);
const FIRST_ID = 500_000; // … to 1,499,999: across 999,999 → 1,000,000
const RARE = 100;
const EXPORT_TARGET_S = 15;

export async function benchReports(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const { listMessages } = await import("../lib/batches/list-messages");

    const batch = await benchBatch(await benchAccountId(env), "A million", RECIPIENTS, {
      templateText: "Habari {{name}}",
    });
    const t0 = performance.now();
    await messageIdsFrom(FIRST_ID);
    // States by position: 85 % delivered, 8 % queued (no receipt yet), 4 % failed, 3 % unknown; the last 100 rejected.
    const sentAt = new Date(Date.now() - 3_600_000);
    await pool().query(`INSERT INTO "Message" ${MIXED.columns} ${MIXED.rows}`, [batch.id, RECIPIENTS, sentAt, RARE]);
    // BENCH_EXPERIMENT_SQL: try an index or a setting on the generated data before a migration is written for it.
    if (process.env.BENCH_EXPERIMENT_SQL) await pool().query(process.env.BENCH_EXPERIMENT_SQL);
    await pool().query(`VACUUM ANALYZE "Message"`);
    const generateSeconds = (performance.now() - t0) / 1000;
    const ids = await firstRow<{ first: string; last: string }>(
      `SELECT min(id)::text AS first, max(id)::text AS last FROM "Message" WHERE "batchId" = $1`,
      [batch.id],
    );

    const timings = await batchPageTimings(batch.id, RECIPIENTS, REPEAT);
    const rare = await listMessages(batch.id, { filter: "REJECTED", limit: 1000 });
    if (rare.rows.length !== RARE) throw new Error(`the rare filter found ${rare.rows.length}, not ${RARE}`);

    const { rows, bytes, seconds: exportSeconds } = await exportedRows(batch);

    // What the hot path pays: dispatch records answers with one UPDATE … FROM unnest per chunk; here 100,000 messages
    // in statements of 500, as QUEUED → DELIVERED (the receipts applier's kind of change).
    const sample = await rowsOf<{ id: string }>(
      `SELECT id::text FROM "Message" WHERE "batchId" = $1 AND state = 'QUEUED' LIMIT 80000`,
      [batch.id],
    );
    const updateSeconds = await secondsOf(async () => {
      for (let i = 0; i < sample.length; i += 500) await markDelivered(sample.slice(i, i + 500).map((r) => r.id));
    });
    const updateRate = sample.length / updateSeconds;

    return {
      name: "reports (1,000,000-recipient batch)",
      figures: {
        "recipients generated (ids)": `${fmt(RECIPIENTS)} (${ids.first} … ${ids.last}), in ${fmt(generateSeconds, 1)} s`,
        "batch page, p95": againstPageTarget(timings.batchPage),
        "recipients page 1, p95": againstPageTarget(timings.firstPage),
        "recipients page 10,000, p95": againstPageTarget(timings.page10000),
        "rare-state filter (100 REJECTED at the end), p95": againstPageTarget(timings.rareFilter),
        "no-receipt filter, p95": againstPageTarget(timings.noReceiptFilter),
        "phone search (+254 700 500 123), p95": againstPageTarget(timings.phoneSearch),
        "export: rows / expected": `${fmt(rows)} / ${fmt(RECIPIENTS)}`,
        "export: seconds (÷ 15 s target)": `${fmt(exportSeconds, 1)} (${fmt(exportSeconds / EXPORT_TARGET_S, 2)})`,
        "export: MB, rows/s": `${fmt(bytes / 1e6, 1)}, ${fmt(rows / exportSeconds)}`,
        "state updates, 500 per statement (rows/s)": fmt(updateRate),
      },
    };
  });
}

runAlone(import.meta.url, benchReports);
