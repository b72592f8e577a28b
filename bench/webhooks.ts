// Webhooks benchmark (issue 16): 100,000 delivery receipts applied → 100,000 webhook deliveries to a local sink.
// 120,000 messages are first sent to the sandbox; receipts for 20,000 of them are applied with no endpoint (the
// applier's rate as it was), then an endpoint subscribes to message.delivered and receipts for the other 100,000 are
// stored and applied while the deliverer posts the events — both in this process, each on its own loop as in a
// worker (lib/dispatch/worker.ts). Figures: the applier's rate without and with the outbox insert, the delivery rate,
// and how long after the last receipt was applied the last delivery arrived.
// Run: npx tsx --conditions=react-server bench/webhooks.ts   (BENCH_WEBHOOK_DELIVERIES=100000)
import os from "node:os";
import { fmt, withBenchEnv } from "./bench-env";
import { applyAll, receiptRow, seedSentMessages, sentMessages, storeAll } from "./sent-messages";
import type { BenchResult } from "./types";
import { numberOf } from "./query";
import { runAlone } from "./run-alone";
import { subscribeSink } from "./webhook-endpoint";

const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 100_000);
const BASELINE = Math.round(DELIVERIES / 5);
const TIMEOUT_MS = 600_000;

export async function benchWebhooks(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { accountId } = await seedSentMessages(env, BASELINE + DELIVERIES);
    const { deliverDueWebhooks, WEBHOOK_PAGE } = await import("../lib/webhooks/deliver");
    const at = new Date(Date.UTC(2026, 10, 22, 10));
    const receipts = (await sentMessages()).map((m) => receiptRow(accountId, m, at));

    await storeAll(receipts.slice(0, BASELINE));
    const baselineSeconds = await applyAll();

    const { sink } = await subscribeSink(env);
    await storeAll(receipts.slice(BASELINE, BASELINE + DELIVERIES));
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
    const written = await numberOf(`SELECT count(*)::int AS n FROM "WebhookDelivery"`);
    const delivered = await numberOf(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE state = 'DELIVERED'`);
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
  });
}

runAlone(import.meta.url, benchWebhooks);
