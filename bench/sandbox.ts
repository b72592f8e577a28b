/**
 * Sandbox benchmark: (1) the sandbox's own ceiling in messages/s for 100-object SMS batches on loopback, rate
 * limit lifted, receipts off — and again with receipts on, posted to a local endpoint; (2) the provider
 * client's achieved rate against the sandbox at its default 120 requests/s (ceiling 12,000 messages/s).
 *
 * The sandbox runs in a child process so that it has a core of its own, as it would beside Tuma's worker.
 * Run: npx tsx bench/sandbox.ts   (or through the bench runner, which imports benchSandbox()).
 */
import { createProviderClient } from "../lib/provider/client";
import { PACE, unlimited } from "../lib/provider/rate-limiter";
import { ProviderError } from "../lib/provider/failure";
import { BATCH_LIMIT, REQUEST_RATE_LIMIT, type SmsRequest } from "../lib/provider/wire/schemas";
import { startReceiptSink } from "../test/receipt-sink";
import { spawnSandbox } from "./bench-env";
import { runLoad, type LoadResult } from "./http-load";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";

const TOKEN = "bench-sandbox-token";
/** The rate dispatch paces at (PACE of the provider's limit). */
const PACED_RATE = PACE * REQUEST_RATE_LIMIT;

/** Clears the sandbox's logs (reset also restores its start-up knobs), then applies `knobs`. */
async function resetWith(origin: string, knobs: Record<string, unknown>): Promise<void> {
  const headers = { Authorization: `Bearer ${TOKEN}` };
  const reset = await fetch(`${origin}/__sandbox/reset`, { method: "POST", headers });
  if (!reset.ok) throw new Error(`reset: ${reset.status}`);
  const res = await fetch(`${origin}/__sandbox/knobs`, { method: "POST", headers, body: JSON.stringify(knobs) });
  if (!res.ok) throw new Error(`knobs: ${res.status} ${await res.text()}`);
}

function batch(endpoint?: string): SmsRequest[] {
  return Array.from({ length: BATCH_LIMIT }, (_, i) => ({
    sender: "TUMA",
    message: "Habari! Your appointment is confirmed for Monday at 10:00. Reply STOP to opt out.",
    phone: `2547${String(10_000_000 + i).padStart(8, "0")}`,
    correlator: `bench-${i}`,
    ...(endpoint ? { endpoint } : {}),
  }));
}

/** Pre-serialised batch requests with `concurrency` in flight for `seconds`, after a 1-s warm-up (bench/http-load.ts). */
function hammer(url: string, body: string, concurrency: number, seconds: number): Promise<LoadResult> {
  const payload = Buffer.from(body);
  return runLoad({
    url: `${url}/send-sms`,
    concurrency,
    seconds,
    warmupSeconds: 1,
    headers: { Accept: "application/json", Authorization: `Bearer ${TOKEN}` },
    body: () => payload,
  });
}

/**
 * The client sending `requests` batch requests evenly paced at `rate` per second (a load generator: dispatch's own
 * pacing is the shared limiter, measured by the dispatch benchmark end to end).
 */
async function clientRate(url: string, requests: number, rate: number, endpoint?: string) {
  const client = createProviderClient({ baseUrl: url, token: TOKEN, rateLimiter: unlimited });
  const body = batch(endpoint);
  let ok = 0;
  const failures: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: requests }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (i * 1000) / rate - performance.now())));
      try {
        await client.sendSms(body);
        ok++;
      } catch (error) {
        const kind = error instanceof ProviderError ? error.kind : "error";
        failures[kind] = (failures[kind] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  return { reqPerSec: ok / elapsed, msgPerSec: (ok * BATCH_LIMIT) / elapsed, failures };
}

export async function benchSandbox(): Promise<BenchResult> {
  const sandbox = await spawnSandbox(TOKEN, ["--rate-limit", "0", "--no-receipts"]);
  const sink = await startReceiptSink();
  try {
    const plain = JSON.stringify(batch());
    await resetWith(sandbox.origin, { rateLimit: 0, receipts: false });
    const ceiling = await hammer(sandbox.url, plain, 32, 5);

    await resetWith(sandbox.origin, { rateLimit: 0, receipts: true, receiptDelayMs: [0, 0], receiptConcurrency: 64 });
    const receiptsBefore = sink.receipts().length;
    const withReceipts = await hammer(sandbox.url, JSON.stringify(batch(sink.url)), 32, 3);
    const receiptsPosted = sink.receipts().length - receiptsBefore;

    await resetWith(sandbox.origin, { rateLimit: REQUEST_RATE_LIMIT, receipts: false });
    const client = await clientRate(sandbox.url, 6 * REQUEST_RATE_LIMIT, PACED_RATE);

    // The flow Tuma runs: 120 req/s with a receipt per message, posted one per callback as the spec says.
    await resetWith(sandbox.origin, {
      rateLimit: REQUEST_RATE_LIMIT,
      receipts: true,
      receiptDelayMs: [0, 200],
      receiptConcurrency: 128,
    });
    const sinkBefore = sink.receipts().length;
    const receiptStart = performance.now();
    const withReceiptsClient = await clientRate(sandbox.url, 3 * REQUEST_RATE_LIMIT, PACED_RATE, sink.url);
    const expected = 3 * REQUEST_RATE_LIMIT * BATCH_LIMIT;
    await sink.waitFor(sinkBefore + expected, 60_000).catch(() => undefined);
    const receiptSeconds = (performance.now() - receiptStart) / 1000;
    const receiptsArrived = sink.receipts().length - sinkBefore;

    const providerCeiling = REQUEST_RATE_LIMIT * BATCH_LIMIT;
    const ceilingMsgs = ceiling.reqPerSec * BATCH_LIMIT;
    return {
      name: "sandbox",
      figures: {
        "sandbox ceiling, 100-object SMS batches, receipts off (messages/s)": Math.round(ceilingMsgs),
        "sandbox ceiling (requests/s)": Math.round(ceiling.reqPerSec),
        "sandbox ceiling latency p50 / p99 (ms, 32 in flight)": `${ceiling.p50.toFixed(1)} / ${ceiling.p99.toFixed(1)}`,
        "sandbox ceiling ÷ provider ceiling 12,000 messages/s": Number((ceilingMsgs / providerCeiling).toFixed(2)),
        "sandbox ceiling, receipts on, delay 0 (messages/s)": Math.round(withReceipts.reqPerSec * BATCH_LIMIT),
        "receipts received by a local endpoint during that run": receiptsPosted,
        "client paced at 0.95 × 120 req/s: achieved requests/s": Number(client.reqPerSec.toFixed(1)),
        "client paced at 0.95 × 120 req/s: achieved messages/s": Math.round(client.msgPerSec),
        "client achieved ÷ provider ceiling": Number((client.msgPerSec / providerCeiling).toFixed(3)),
        "client failures": JSON.stringify(client.failures),
        "client paced at 0.95 × 120 req/s with receipts on: messages/s": Math.round(withReceiptsClient.msgPerSec),
        "receipts (one per POST) arrived / expected": `${receiptsArrived} / ${expected}`,
        "receipts/s, first send to last receipt": Math.round(receiptsArrived / receiptSeconds),
      },
    };
  } finally {
    await sink.close();
    sandbox.child.kill("SIGTERM");
  }
}

runAlone(import.meta.url, benchSandbox);
