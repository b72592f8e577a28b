// What DeliveryRollup's triggers (issue 15.5) cost the two hot paths that change messages, measured on the real code:
//   (1) dispatch recording a chunk's answer (recordResponse: 100 messages PENDING → QUEUED with operator, units and
//       send time, one statement);
//   (2) the receipts applier (applyPendingReceipts, up to 5,000 stored receipts a call: QUEUED → DELIVERED or FAILED
//       with a class, later receipts replacing earlier ones).
// Each call runs alternately with the rollup triggers disabled and enabled, so that both sides see the same load on a
// shared machine: the ratio of the two rates is the figure (the absolute rates follow the machine's load).
// Run: npx tsx --conditions=react-server bench/rollup-cost.ts   (BENCH_ROLLUP_MESSAGES=100000; or
// BENCH_ONLY=rollup-cost npm run bench)
import os from "node:os";
import { benchBatch } from "./bench-batch";
import { fmt, seedAccount, withBenchEnv } from "./bench-env";
import { firstRow } from "./query";
import { runAlone } from "./run-alone";
import { receiptRow, storeAll } from "./sent-messages";
import type { BenchResult } from "./types";

const MESSAGES = Number(process.env.BENCH_ROLLUP_MESSAGES ?? 100_000);
const CHUNK = 100;
/** Calls of the same mode in a row, between toggles (a toggle is an ALTER TABLE: its own catalog commit). */
const DISPATCH_RUN = 10;
const ROLLUP_TRIGGERS = ["message_rollup_insert", "message_rollup_update", "message_rollup_delete"];

type Mode = "without" | "with";
type Tally = Record<Mode, { ms: number; rows: number; calls: number }>;
const tally = (): Tally => ({ without: { ms: 0, rows: 0, calls: 0 }, with: { ms: 0, rows: 0, calls: 0 } });

export async function benchRollupCost(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const { recordResponse } = await import("../lib/dispatch/record");
    const { applyPendingReceipts } = await import("../lib/receipts/apply-receipts");
    const { accountId } = await seedAccount(env);

    const setMode = async (mode: Mode) => {
      const action = mode === "with" ? "ENABLE" : "DISABLE";
      await pool().query(`ALTER TABLE "Message" ${ROLLUP_TRIGGERS.map((t) => `${action} TRIGGER ${t}`).join(", ")}`);
    };

    const batch = await benchBatch(accountId, "rollup cost", MESSAGES, { state: "SENDING" });
    const { rows: stored } = await pool().query<{ id: string; phone: string }>(
      `INSERT INTO "Message" ("batchId", phone, state, "updatedAt")
       SELECT $1, '2547' || lpad(g::text, 8, '0'), 'PENDING', now() FROM generate_series(1, $2) g
       RETURNING id::text, phone`,
      [batch.id, MESSAGES],
    );
    stored.sort((a, b) => Number(a.id) - Number(b.id));
    await pool().query(`VACUUM ANALYZE "Message"`);
    const load0 = os.loadavg()[0]!;

    // (1) Dispatch's record of each chunk's answer, as the provider gives it: every message accepted, five networks.
    const operators = ["Safaricom", "Safaricom", "Airtel", "Telkom", "Equitel"];
    const dispatch = tally();
    for (let i = 0, call = 0; i < stored.length; i += CHUNK, call++) {
      const mode: Mode = Math.floor(call / DISPATCH_RUN) % 2 === 0 ? "without" : "with";
      if (call % DISPATCH_RUN === 0) await setMode(mode);
      const chunk = stored.slice(i, i + CHUNK);
      const t0 = performance.now();
      await recordResponse(
        {
          chunkId: "0",
          claimedAt: new Date(),
          firstMessageId: chunk[0]!.id,
          lastMessageId: chunk.at(-1)!.id,
          messages: [],
        },
        chunk.map((m, k) => ({
          id: m.id,
          uniqueId: `u-${m.id}`,
          providerBatchId: null,
          smsUnits: 1,
          operator: operators[(i + k) % operators.length]!,
        })),
        [],
        [],
      );
      dispatch[mode].ms += performance.now() - t0;
      dispatch[mode].rows += chunk.length;
      dispatch[mode].calls++;
    }
    await setMode("with");
    const load1 = os.loadavg()[0]!;

    // (2) Receipts: one for every message (88 % delivered, 12 % absent), then a later one for every third message
    // (a replay with a later time: it moves the message's receipt time, hence its delay bucket), stored as the
    // receipts route stores them, then applied 5,000 at a time.
    const now = Date.now();
    const receipt = (m: { id: string; phone: string }, n: number, second: number) => {
      const status = Number(m.id) % 100 < 88 ? "DeliveredToTerminal" : "AbsentSubscriber";
      return receiptRow(
        accountId,
        { ...m, uniqueId: `u-${m.id}` },
        new Date(now + second * 1000),
        status,
        `{"n":${n}}`,
      );
    };
    const receipts = [
      ...stored.map((m, n) => receipt(m, n, 5 + (n % 600))),
      ...stored.filter((_, n) => n % 3 === 0).map((m, n) => receipt(m, n, 700 + (n % 3600))),
    ];
    await storeAll(receipts);
    await pool().query(`VACUUM ANALYZE "Receipt", "ReceiptQueue", "Message"`);
    const apply = tally();
    for (let call = 0; ; call++) {
      const mode: Mode = call % 2 === 0 ? "without" : "with";
      await setMode(mode);
      const t0 = performance.now();
      const { taken } = await applyPendingReceipts();
      if (taken === 0) break;
      apply[mode].ms += performance.now() - t0;
      apply[mode].rows += taken;
      apply[mode].calls++;
    }
    await setMode("with");
    const load2 = os.loadavg()[0]!;
    const outcome = await firstRow<{ delivered: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE state = 'DELIVERED')::int AS delivered, count(*) FILTER (WHERE state = 'FAILED')::int AS failed FROM "Message"`,
    );

    const rate = (t: Tally, mode: Mode) => t[mode].rows / (t[mode].ms / 1000);
    const compare = (t: Tally) =>
      `${fmt(rate(t, "without"))} / ${fmt(rate(t, "with"))} (${fmt(rate(t, "with") / rate(t, "without"), 2)} ×)`;
    return {
      name: `what the per-network rollup's triggers cost (${fmt(MESSAGES)} messages)`,
      figures: {
        "1-min load average: start / after (1) / after (2)": `${fmt(load0, 1)} / ${fmt(load1, 1)} / ${fmt(load2, 1)}`,
        "(1) dispatch records, 100 messages each: calls without / with": `${dispatch.without.calls} / ${dispatch.with.calls}`,
        "(1) messages recorded/s without / with the rollup triggers": compare(dispatch),
        "(2) receipts applied: calls without / with": `${apply.without.calls} / ${apply.with.calls} (${fmt(receipts.length)} receipts)`,
        "(2) receipts applied/s without / with the rollup triggers": compare(apply),
        "messages DELIVERED / FAILED after": `${fmt(outcome.delivered)} / ${fmt(outcome.failed)}`,
      },
    };
  });
}

runAlone(import.meta.url, benchRollupCost);
