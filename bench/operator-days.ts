// Per-network figures over 30 days (issue 15.5): 10,000,000 messages sent over the last 29 days (all inside the
// 30-day window, whatever the hour) to five networks,
// states and failure classes mixed as after real sends (most delivered after delays from seconds to a day, some absent,
// blacklisted, invalid, refused, awaiting). They are inserted in slices of BENCH_SLICE, so the rollup the Overview reads
// (DeliveryRollup) is built by the same triggers that keep it in production. Measured in this process, as a page
// would: the p95 of REPEAT runs of the Overview's per-network report (getOperatorDays), its SQL alone, and the
// rollup's size; then what the trigger costs the hot path: QUEUED → DELIVERED updates of 500 messages per statement
// (the receipts applier's kind of change), with and without it, interleaved.
// Run: npx tsx --conditions=react-server bench/operator-days.ts   (BENCH_MESSAGES=10000000, BENCH_SLICE=1000000,
// BENCH_REPEAT=40)
import { benchAccountId, benchBatch, markDelivered } from "./bench-batch";
import { fmt, withBenchEnv } from "./bench-env";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";
import { firstRow, rowsOf } from "./query";
import { p95, timed } from "./timed-runs";
import { againstPageTarget } from "./batch-pages";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const SLICE = Number(process.env.BENCH_SLICE ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);

export async function benchOperatorDays(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const { getOperatorDays, operatorDaysQuery } = await import("../lib/reports/operator-days");

    const accountId = await benchAccountId(env);
    const now = new Date();
    const t0 = performance.now();
    // One batch per slice; messages spread evenly over the 30 days before now, by position.
    for (let from = 0; from < MESSAGES; from += SLICE) {
      const count = Math.min(SLICE, MESSAGES - from);
      const batch = await benchBatch(accountId, `Bench ${from}`, count);
      // 82 % delivered, 6 % absent, 2 % blacklisted, 2 % invalid, 2 % network, 1 % refused, 5 % awaiting a receipt.
      await pool().query(
        `INSERT INTO "Message" ("batchId", phone, state, "failureClass", "deliveryStatus", operator, "smsUnits",
                                "submittedAt", "receiptAt", "updatedAt")
         SELECT $1, '2547' || lpad((g % 100000000)::text, 8, '0'), s.state::"MessageState", s.class, s.status,
                CASE WHEN s.state = 'REJECTED' THEN NULL
                     ELSE (ARRAY['Safaricom', 'Safaricom', 'Safaricom', 'Airtel', 'Airtel', 'Telkom', 'Equitel', 'Faiba'])[1 + g % 8] END,
                1, t.sent, CASE WHEN s.state IN ('DELIVERED', 'FAILED') THEN t.sent + (g % 3600) * interval '1 second' * (1 + g % 24) END,
                now()
         FROM generate_series($3::bigint, $3::bigint + $2 - 1) g
         CROSS JOIN LATERAL (SELECT $4::timestamptz - (g * 2505600.0 / $5) * interval '1 second' AS sent) t
         CROSS JOIN LATERAL (SELECT
           CASE WHEN g % 100 < 82 THEN 'DELIVERED' WHEN g % 100 < 94 THEN 'FAILED'
                WHEN g % 100 < 95 THEN 'REJECTED' ELSE 'QUEUED' END AS state,
           CASE WHEN g % 100 BETWEEN 82 AND 87 THEN 'ABSENT' WHEN g % 100 BETWEEN 88 AND 89 THEN 'BLACKLISTED'
                WHEN g % 100 BETWEEN 90 AND 91 THEN 'INVALID_NUMBER' WHEN g % 100 BETWEEN 92 AND 93 THEN 'NETWORK' END AS class,
           CASE WHEN g % 100 < 82 THEN 'DeliveredToTerminal' WHEN g % 100 < 88 THEN 'AbsentSubscriber'
                WHEN g % 100 < 90 THEN 'SenderName Blacklisted' WHEN g % 100 < 92 THEN 'DeliveryImpossible'
                WHEN g % 100 < 94 THEN 'Unknown' END AS status) s`,
        [batch.id, count, from, now, MESSAGES],
      );
    }
    await pool().query(`VACUUM ANALYZE "DeliveryRollup"`);
    const generateSeconds = (performance.now() - t0) / 1000;
    const size = await firstRow<{ rows: string; sent: string }>(
      `SELECT count(*) AS rows, COALESCE(sum(outcomes[1]), 0) AS sent FROM "DeliveryRollup"`, // outcomes[1]: sent
    );
    const report = await getOperatorDays(now);
    const counted = report.operators.reduce((s, o) => s + o.total.sent, 0);
    if (counted !== MESSAGES) throw new Error(`the report counts ${counted} sent, not ${MESSAGES}`);

    const query = operatorDaysQuery(now, "Africa/Nairobi");
    const timings = {
      report: await p95(() => getOperatorDays(now), REPEAT),
      sql: await p95(() => pool().query(query.text, query.values), REPEAT),
    };

    // What the rollup trigger costs the hot path: QUEUED → DELIVERED, 500 per statement, on 2 × 10,000 rounds of the
    // same data — alternately without the trigger (disabled) and with it, so that both see the same load.
    const sample = (
      await rowsOf<{ id: string }>(`SELECT id::text FROM "Message" WHERE state = 'QUEUED' LIMIT 100000`)
    ).map((r) => r.id);
    const elapsed = { without: 0, with: 0 };
    const rows = { without: 0, with: 0 };
    for (let i = 0; i < sample.length; i += 500) {
      const mode = (i / 500) % 2 === 0 ? "without" : "with";
      if (mode === "without") await pool().query(`ALTER TABLE "Message" DISABLE TRIGGER message_rollup_update`);
      elapsed[mode] += (await timed(() => markDelivered(sample.slice(i, i + 500)))).ms;
      rows[mode] += sample.slice(i, i + 500).length;
      if (mode === "without") await pool().query(`ALTER TABLE "Message" ENABLE TRIGGER message_rollup_update`);
    }
    const rate = (mode: "without" | "with") => rows[mode] / (elapsed[mode] / 1000);

    return {
      name: `per-network days (${fmt(MESSAGES)} messages over 30 days)`,
      figures: {
        "messages generated (s)": `${fmt(MESSAGES)} in ${fmt(generateSeconds, 1)} s, rollup built by its triggers`,
        "rollup rows / messages sent in it": `${fmt(Number(size.rows))} / ${fmt(Number(size.sent))}`,
        "networks × days reported": `${report.operators.length} × ${report.days.length}`,
        "Overview per-network report, p95": againstPageTarget(timings.report),
        "its SQL alone, p95": againstPageTarget(timings.sql),
        "state updates, 500 per statement, without / with the rollup trigger (rows/s)": `${fmt(rate("without"))} / ${fmt(rate("with"))} (${fmt(rate("with") / rate("without"), 2)} ×)`,
      },
    };
  });
}

runAlone(import.meta.url, benchOperatorDays);
