// Partitioned history at scale (issue 18.3, docs/partitioning.md): BENCH_PARTITION_MESSAGES messages (10,000,000 by
// default) over 30 days — a batch a day, each day's ids in its week's partition (generated with INSERT … SELECT
// generate_series, the triggers keeping counters and rollup as in production) — plus one batch of
// BENCH_EXPORT_RECIPIENTS (1,000,000) whose ids cross a week's boundary. Then:
//   - store rate, partitioned against unpartitioned: the same rows INSERTed into a copy of Message's shape (columns,
//     indexes, fillfactor) partitioned by week and into one not partitioned, alternately, in slices (triggers left
//     out of both: they are the same work either way and would only dilute the difference);
//   - the big batch's pages and filters, p95 of BENCH_REPEAT (20) runs, as bench/reports.ts measures them;
//   - its export streamed as CSV;
//   - retention: dropping the oldest week's partitions (DETACH … CONCURRENTLY + DROP), then what it left in the
//     per-message tables (its rare-state rows), removed as the chore removes them (lib/history/leftovers.ts).
// Run: npx tsx --conditions=react-server bench/partitions.ts   (or BENCH_ONLY=partitions npm run bench)
import { benchAccountId, benchBatch, messageIdsFrom, MIXED, thisWeek, weekBase } from "./bench-batch";
import { fmt, withBenchEnv } from "./bench-env";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";
import { againstPageTarget, batchPageTimings, exportedRows } from "./batch-pages";
import { firstRow, numberOf, rowsOf } from "./query";
import { secondsOf, timed } from "./timed-runs";

const MESSAGES = Number(process.env.BENCH_PARTITION_MESSAGES ?? 10_000_000);
const BIG = Number(process.env.BENCH_EXPORT_RECIPIENTS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const DAYS = 30;
const RARE = 100;
const STORE_SLICE = 100_000;
const STORE_ROUNDS = 5;

export async function benchPartitions(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const { dropExpiredPartitions } = await import("../lib/history/partitions");
    const { forgetLeftovers, keptFromId } = await import("../lib/history/leftovers");
    const week = await thisWeek();
    const base = (w: number) => weekBase(w).toString();
    const accountId = await benchAccountId(env);
    const newBatch = async (name: string, count: number) => (await benchBatch(accountId, name, count)).id;

    // 30 days from this week on: day d's ids in week (week + d / 7)'s partition (created by the migration).
    const g0 = performance.now();
    const perDay = Math.floor(MESSAGES / DAYS);
    const nextInWeek = new Map<number, bigint>();
    for (let d = 0; d < DAYS; d++) {
      const w = week + Math.floor(d / 7);
      // Past the room the big batch takes at the start of week + 3 (below).
      const start = nextInWeek.get(w) ?? BigInt(base(w)) + BigInt(BIG) + 1n;
      await messageIdsFrom(start);
      const id = await newBatch(`day ${d}`, perDay);
      const at = new Date(Date.now() + d * 86_400_000);
      await pool().query(`INSERT INTO "Message" ${MIXED.columns} ${MIXED.rows}`, [id, perDay, at, 0]);
      nextInWeek.set(w, start + BigInt(perDay));
    }
    // The big batch: its ids cross from week + 2 into week + 3.
    await messageIdsFrom(weekBase(week + 3) - BigInt(Math.floor(BIG / 2)));
    const big = await newBatch("the big one", BIG);
    await pool().query(`INSERT INTO "Message" ${MIXED.columns} ${MIXED.rows}`, [big, BIG, new Date(), RARE]);
    await messageIdsFrom(base(week + 4));
    await pool().query(`VACUUM ANALYZE "Message"`);
    const generateSeconds = (performance.now() - g0) / 1000;
    const parts = await rowsOf<{ name: string; n: string }>(
      `SELECT tableoid::regclass::text AS name, count(*)::text AS n FROM "Message" GROUP BY 1 ORDER BY 1`,
    );

    // Store rate: the same generated rows into a partitioned and an unpartitioned copy of Message's shape.
    await pool().query(`CREATE TABLE bench_flat (LIKE "Message" INCLUDING DEFAULTS INCLUDING INDEXES)
                        WITH (fillfactor = 30)`);
    await pool().query(`CREATE TABLE bench_parted (LIKE "Message" INCLUDING DEFAULTS INCLUDING INDEXES)
                        PARTITION BY RANGE (id)`);
    for (let w = week; w < week + 5; w++)
      await pool().query(
        `CREATE TABLE bench_parted_${w} PARTITION OF bench_parted FOR VALUES FROM (${base(w)}) TO (${base(w + 1)})
         WITH (fillfactor = 30)`,
      );
    const storeMs = { flat: 0, parted: 0 };
    for (let round = 0; round < STORE_ROUNDS; round++) {
      for (const table of round % 2 === 0 ? (["flat", "parted"] as const) : (["parted", "flat"] as const)) {
        const first = BigInt(base(week + (round % 5))) + BigInt(round * STORE_SLICE) + 1n;
        const { ms } = await timed(() =>
          pool().query(
            `INSERT INTO bench_${table} (id, ${MIXED.columns.slice(1)} SELECT $5::bigint + row_number() OVER () - 1, * FROM (${MIXED.rows}) x`,
            [big, STORE_SLICE, new Date(), 0, first.toString()],
          ),
        );
        storeMs[table] += ms;
      }
    }
    const storeRate = (ms: number) => (STORE_SLICE * STORE_ROUNDS) / (ms / 1000);

    // The big batch's pages, as bench/reports.ts.
    const timings = await batchPageTimings(big, BIG, REPEAT);
    const { rows, seconds: exportSeconds } = await exportedRows({ id: big, templateText: "Habari" });

    // Retention: the oldest week (and the empty legacy partitions) past a cut-off two weeks on.
    await pool().query(`SELECT setval('"Receipt_id_seq"', $1)`, [base(week + 4)]);
    const { c: cutoff } = await firstRow<{ c: Date }>(`SELECT tuma_week_start($1) AS c`, [week + 2]);
    const oldest = parts.find((p) => p.name === `"Message_w${week}"`)?.n ?? "0";
    const { result: dropped, seconds: dropSeconds } = await timed(() => dropExpiredPartitions(cutoff));
    // Then what the dropped week left in the per-message tables (its rare-state rows here), as the chore removes
    // it: runs of a second each until none is left.
    const keptFrom = await keptFromId();
    const leftRows = await numberOf(`SELECT count(*) AS n FROM "MessageRareState" WHERE "messageId" < $1`, [keptFrom]);
    let leftRuns = 0;
    let removed = 0;
    const leftSeconds = await secondsOf(async () => {
      for (let more = true; more; leftRuns++) {
        const run = await forgetLeftovers(keptFrom);
        removed += Object.values(run.deleted).reduce((sum, n) => sum + n, 0);
        more = run.more;
      }
    });

    return {
      name: `partitioned history (${fmt(MESSAGES)} messages over ${DAYS} days + a ${fmt(BIG)}-recipient batch)`,
      figures: {
        generated: `${fmt(MESSAGES + BIG)} messages in ${fmt(generateSeconds, 1)} s`,
        "rows per partition": parts.map((p) => `${p.name.replaceAll('"', "")} ${fmt(Number(p.n))}`).join(", "),
        "store rate, unpartitioned (rows/s)": fmt(storeRate(storeMs.flat)),
        "store rate, partitioned (rows/s)": fmt(storeRate(storeMs.parted)),
        "partitioned ÷ unpartitioned (target ≥ 0.95)": fmt(storeMs.flat / storeMs.parted, 3),
        "batch page, p95": againstPageTarget(timings.batchPage),
        "recipients page 1, p95": againstPageTarget(timings.firstPage),
        "recipients page 10,000, p95": againstPageTarget(timings.page10000),
        "rare-state filter, p95": againstPageTarget(timings.rareFilter),
        "no-receipt filter, p95": againstPageTarget(timings.noReceiptFilter),
        "phone search, p95": againstPageTarget(timings.phoneSearch),
        "export: rows / expected": `${fmt(rows)} / ${fmt(BIG)}`,
        "export: seconds (÷ 15 s target)": `${fmt(exportSeconds, 1)} (${fmt(exportSeconds / 15, 2)})`,
        "retention drop: partitions, oldest week's rows": `${dropped.join(", ")}; ${fmt(Number(oldest))} rows`,
        "retention drop: seconds (target ≤ 1)": fmt(dropSeconds, 3),
        "retention leftovers: rows removed / found": `${fmt(removed)} / ${fmt(leftRows)}`,
        "retention leftovers: seconds, runs (rows/s)": `${fmt(leftSeconds, 2)} s in ${leftRuns} run(s) (${fmt(removed / leftSeconds)} rows/s)`,
      },
    };
  });
}

runAlone(import.meta.url, benchPartitions);
