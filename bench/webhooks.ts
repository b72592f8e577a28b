// Webhooks benchmark (issue 16): 100,000 delivery receipts applied → 100,000 webhook deliveries to a local sink.
// 120,000 messages are first sent to the sandbox; receipts for 20,000 of them are applied with no endpoint (the
// applier's rate as it was), then an endpoint subscribes to message.delivered and receipts for the other 100,000 are
// stored and applied while the deliverer posts the events — both in this process, each on its own loop as in a
// worker (lib/dispatch/worker.ts). Figures: the applier's rate without and with the outbox insert, the delivery rate,
// and how long after the last receipt was applied the last delivery arrived.
// Run: npx tsx --conditions=react-server bench/webhooks.ts   (BENCH_WEBHOOK_DELIVERIES=100000)
import os from "node:os";
import { fmt, startBenchEnv } from "./bench-env";
import { seedSentMessages } from "./receipts";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";
import { subscribeSink } from "./webhook-endpoint";

const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 100_000);
const BASELINE = Math.round(DELIVERIES / 5);
const TIMEOUT_MS = 600_000;

export async function benchWebhooks(): Promise<BenchResult> {
  const env = await startBenchEnv(["--no-receipts"]);
  let hook: Awaited<ReturnType<typeof subscribeSink>> | null = null;
  try {
    const { accountId } = await seedSentMessages(env, BASELINE + DELIVERIES);
    const { pool } = await import("../lib/db/pool");
    const { storeReceipts } = await import("../lib/receipts/store-receipts");
    const { applyPendingReceipts } = await import("../lib/receipts/apply-receipts");
    const { deliverDueWebhooks, WEBHOOK_PAGE } = await import("../lib/webhooks/deliver");
    const { rows: sent } = await pool().query<{ id: string; phone: string; uniqueId: string }>(
      `SELECT id::text, phone, "providerUniqueId" AS "uniqueId" FROM "Message" ORDER BY id`,
    );
    const store = async (from: number, to: number) => {
      for (let i = from; i < to; i += 5_000)
        await storeReceipts(
          sent.slice(i, Math.min(to, i + 5_000)).map((m) => ({
            accountId,
            uniqueId: m.uniqueId,
            correlator: m.id,
            phone: m.phone,
            deliveryStatus: "DeliveredToTerminal",
            deliveryTime: "2026-11-22 10:00:00",
            deliveryAt: new Date(Date.UTC(2026, 10, 22, 10)),
            raw: "{}",
          })),
        );
    };
    const applyAll = async (): Promise<number> => {
      const started = performance.now();
      while ((await applyPendingReceipts()).taken > 0);
      return (performance.now() - started) / 1000;
    };

    await store(0, BASELINE);
    const baselineSeconds = await applyAll();

    hook = await subscribeSink();
    const sink = hook.sink;
    await store(BASELINE, BASELINE + DELIVERIES);
    const load0 = os.loadavg()[0]!;
    const started = performance.now();
    let applying = true;
    let pages = 0;
    const delivering = (async () => {
      while (sink.count() < DELIVERIES && performance.now() - started < TIMEOUT_MS) {
        const { claimed } = await deliverDueWebhooks();
        pages++;
        if (claimed < WEBHOOK_PAGE && applying) await new Promise((resolve) => setTimeout(resolve, 20));
        if (claimed === 0 && !applying) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const applySeconds = await applyAll();
    applying = false;
    await delivering;
    const totalSeconds = (performance.now() - started) / 1000;
    const load1 = os.loadavg()[0]!;
    const count = async (sql: string) => (await pool().query<{ n: number }>(sql)).rows[0]!.n;
    const written = await count(`SELECT count(*)::int AS n FROM "WebhookDelivery"`);
    const delivered = await count(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE state = 'DELIVERED'`);
    return {
      name: "webhooks",
      figures: {
        "1-min load average: start / end": `${fmt(load0, 1)} / ${fmt(load1, 1)}`,
        "applier, no endpoint: receipts/s": fmt(BASELINE / baselineSeconds),
        "applier, endpoint subscribed (outbox insert): receipts/s": fmt(DELIVERIES / applySeconds),
        "deliveries written / delivered / received by the sink": `${fmt(written)} / ${fmt(delivered)} / ${fmt(sink.count())}`,
        "first receipt applied → last delivery received (s)": fmt(totalSeconds, 1),
        "delivery rate (deliveries/s)": fmt(sink.count() / totalSeconds),
        "delivery rate ÷ applier rate (with endpoint)": fmt(
          sink.count() / totalSeconds / (DELIVERIES / applySeconds),
          2,
        ),
        "deliverer pages": fmt(pages),
      },
    };
  } finally {
    await hook?.sink.close();
    await env.stop();
  }
}

runAlone(import.meta.url, benchWebhooks);
