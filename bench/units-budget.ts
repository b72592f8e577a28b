// The units budget at scale (issue 17 item 3: "computed cheaply — think at a million rows"). A budgeted account with
// 10,000 batches — 9,990 finished, 10 open, one of them 1,000,000 recipients half sent — whose rows carry the counters
// the figures read (lib/units/units-figures.ts: no message is read, so none is generated), and 100,000 opt-outs. Timed
// in this process, each the median of REPEAT runs after one warm-up: the figures Compose shows and the budget check
// recomputes, and the planned units of 100,000 pasted numbers (lib/units/planned-units.ts: the opt-out lookup and the
// segment count createBatch adds for a budgeted account).
// Run: npx tsx --conditions=react-server bench/units-budget.ts   (BENCH_REPEAT=5)
import { fmt, seedAccount, withBenchEnv } from "./bench-env";
import { listPhone } from "./generated-list";
import { runAlone } from "./run-alone";
import { median } from "./timed-runs";
import type { BenchResult } from "./types";

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const BATCHES = 10_000;
const OPT_OUTS = 100_000;

export async function benchUnitsBudget(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const { unitsFigures } = await import("../lib/units/units-figures");
    const { plannedForPhones } = await import("../lib/units/planned-units");
    const { recordPurchase } = await import("../lib/purchases/record-purchase");
    const { accountId, userId } = await seedAccount(env);
    await recordPurchase({ accountId, units: 50_000_000, note: "bench" }, userId);
    // Finished batches (their charged units summed for "used"), ten open ones, the first of a million recipients.
    await pool().query(
      `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "recipientCount", "smsUnits",
                            "plannedUnits", "plannedRecipients", "pendingCount", "queuedCount", "updatedAt")
       SELECT gen_random_uuid(), 'SMS', 'bench ' || g, $1, 'Habari', 'TUMA',
              CASE WHEN g <= 10 THEN 'SENDING'::"BatchState" ELSE 'COMPLETED'::"BatchState" END,
              CASE WHEN g = 1 THEN 1000000 ELSE 1000 END,
              CASE WHEN g = 1 THEN 500000 WHEN g <= 10 THEN 0 ELSE 1000 END,
              CASE WHEN g = 1 THEN 1000000 ELSE 1000 END,
              CASE WHEN g = 1 THEN 1000000 ELSE 1000 END,
              CASE WHEN g = 1 THEN 500000 WHEN g <= 10 THEN 1000 ELSE 0 END,
              CASE WHEN g = 1 THEN 500000 WHEN g <= 10 THEN 0 ELSE 1000 END,
              now()
       FROM generate_series(1, $2::int) g`,
      [accountId, BATCHES],
    );
    await pool().query(
      `INSERT INTO "OptOut" (phone) SELECT '2547' || lpad((g * 2)::text, 8, '0') FROM generate_series(1, $1::int) g`,
      [OPT_OUTS],
    );
    await pool().query(`VACUUM ANALYZE "Batch", "OptOut"`);
    const figures = await unitsFigures(accountId);
    const pasted = Array.from({ length: 100_000 }, (_, i) => listPhone(i + 1));
    const texts = pasted.map(() => null);
    const planned = await plannedForPhones(accountId, "SMS", "Habari, kliniki itafunguliwa saa mbili.", pasted, texts);
    const figuresMs = await median(() => unitsFigures(accountId), REPEAT);
    const plannedMs = await median(
      () => plannedForPhones(accountId, "SMS", "Habari, kliniki itafunguliwa saa mbili.", pasted, texts),
      REPEAT,
    );
    return {
      name: `units budget (${fmt(BATCHES)} batches, one of 1,000,000 recipients)`,
      figures: {
        "figures (bought / used / committed)": `${fmt(figures.bought)} / ${fmt(figures.used)} / ${fmt(figures.committed)}`,
        "units figures, median": `${fmt(figuresMs, 1)} ms`,
        [`planned units of 100,000 pasted numbers (${fmt(100_000 - planned.recipients)} opted out), median`]: `${fmt(plannedMs)} ms`,
      },
    };
  });
}

runAlone(import.meta.url, benchUnitsBudget);
