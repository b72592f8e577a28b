// Receipts benchmark (docs/design.md §2, §5): the built console, started as `npm start` starts it, takes delivery
// receipts on loopback from a keep-alive load generator:
//   (a) the empty route with a receipt-sized body (bench/empty-route.ts: Next's handling, no code of ours), the floor;
//   (a′) POST /api/receipts/<a secret no account has> — answered 404 before the body by the same code that answers
//       receipts (the web server itself, without Next: lib/receipts/receipt-callback.ts): that path's floor, which
//       shows what storing costs now that the receipts no longer pass through Next;
//   (b) POST /api/receipts/<secret>, one receipt per POST (the spec's callback), same concurrency — target ≥ 0.95 ×
//       (a) (issue 18; ≥ 0.8 before);
//   (c) the same with 100 receipts per POST — target ≥ 40,000 receipts/s.
// The receipts are real: they carry the correlators (message ids) and uniqueIds of 100,000 messages that the worker
// first sent to the sandbox, so the console's worker matches and applies them while they arrive. Afterwards every
// receipt answered 200 must be in "Receipt" — counted right after the last answer, so a 200 given before the commit
// would show as lost — and the time the worker takes to apply them all is measured too.
// Run: npx tsx --conditions=react-server bench/receipts.ts   (BENCH_SECONDS=60, BENCH_CONCURRENCY=64, see below)
// BENCH_RECEIPTS_WORKER=off measures the route alone: no worker applies receipts while the load runs (nor after).
import os from "node:os";
import { startBenchConsole } from "./bench-console";
import { fmt, withBenchEnv } from "./bench-env";
import { EMPTY_ROUTE } from "./empty-route";
import { mergeLoads, runLoad, type LoadResult } from "./http-load";
import type { BenchResult } from "./types";
import { numberOf } from "./query";
import { runAlone } from "./run-alone";
import { seedSentMessages, sentMessages, type SentMessage } from "./sent-messages";
import { subscribeSink } from "./webhook-endpoint";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ARRAY_SECONDS = Number(process.env.BENCH_ARRAY_SECONDS ?? Math.min(25, SECONDS));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const ARRAY_CONCURRENCY = Number(process.env.BENCH_ARRAY_CONCURRENCY ?? 32);
const MESSAGES = Number(process.env.BENCH_RECEIPT_MESSAGES ?? 100_000);
const PER_POST = 100;
const WARMUP_SECONDS = 3;
const SLICE_SECONDS = 10;
const APPLY_TIMEOUT_MS = Number(process.env.BENCH_APPLY_TIMEOUT_SECONDS ?? 300) * 1000;

/** A provider receipt (spec 2.5) for message `m`; `second` moves deliveryTime on so replays are later receipts. */
function receipt(m: SentMessage, base: number, second: number) {
  const at = new Date(base + second * 1000).toISOString(); // the provider's "YYYY-MM-DD HH:MM:SS"
  return {
    phone: m.phone,
    correlator: m.id,
    uniqueId: m.uniqueId,
    deliveryStatus: "DeliveredToTerminal",
    deliveryTime: `${at.slice(0, 10)} ${at.slice(11, 19)}`,
  };
}

export async function benchReceipts(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { receiptSecret } = await seedSentMessages(env, MESSAGES);
    const sent = await sentMessages();
    if (sent.length !== MESSAGES) throw new Error(`only ${sent.length} of ${MESSAGES} messages were sent`);

    // BENCH_RECEIPTS_WEBHOOK=1: the same run with an endpoint subscribed to message.delivered (bench/webhooks.ts):
    // the route's ratio must not change, since events are written by the worker's applier, not the route.
    const hook = process.env.BENCH_RECEIPTS_WEBHOOK === "1" ? await subscribeSink(env) : null;
    const console_ = await startBenchConsole(env, "receipts", {
      WORKER: process.env.BENCH_RECEIPTS_WORKER ?? "on",
      ...(hook ? { WEBHOOK_ALLOW_HOSTS: hook.sink.hostPort } : {}),
    });
    const base = `http://127.0.0.1:${console_.port}`;
    const receiptUrl = `${base}/api/receipts/${receiptSecret}`;
    const single = (i: number, timeBase: number) =>
      Buffer.from(JSON.stringify(receipt(sent[i % sent.length]!, timeBase, Math.floor(i / sent.length))));

    // (a) and (b) alternate in slices, so that whatever else the machine is doing weighs on both alike (the ratio
    // of the two is the figure; a 2-core machine is noisy): (a) the empty route handler, with the body a
    // one-receipt callback has; (b) one receipt per POST.
    const t1 = Date.UTC(2026, 10, 22, 8);
    const slices = Math.max(1, Math.round(SECONDS / SLICE_SECONDS));
    const pings: LoadResult[] = [];
    const unknowns: LoadResult[] = [];
    const ones: LoadResult[] = [];
    /** One slice more of `runs`, walking on through the receipts from where its last slice stopped. */
    const slice = async (runs: LoadResult[], s: number, url: string, timeBase: number, expectStatus?: number) =>
      runs.push(
        await runLoad({
          url,
          expectStatus,
          concurrency: CONCURRENCY,
          seconds: SECONDS / slices,
          warmupSeconds: s === 0 ? WARMUP_SECONDS : 1,
          startIndex: runs.at(-1)?.nextIndex ?? 0,
          body: (i) => single(i, timeBase),
        }),
      );
    const load0 = os.loadavg()[0]!;
    for (let s = 0; s < slices; s++) {
      await slice(pings, s, `${base}${EMPTY_ROUTE}`, Date.UTC(2026, 10, 22, 7), 405);
      await slice(unknowns, s, `${base}/api/receipts/no-account-has-this-secret`, Date.UTC(2026, 10, 22, 7));
      await slice(ones, s, receiptUrl, t1);
      console.log(
        `  receipts bench: slice ${s + 1}/${slices}: ping ${fmt(pings.at(-1)!.reqPerSec)} req/s, receipts ${fmt(ones.at(-1)!.reqPerSec)} req/s`,
      );
    }
    const ping = mergeLoads(pings);
    const unknown = mergeLoads(unknowns);
    const one = mergeLoads(ones);
    const storedAfterOne = await numberOf(`SELECT count(*)::int AS n FROM "Receipt"`);
    report("ping", ping);
    report("receipts x1", one);
    const load1 = os.loadavg()[0]!;

    // (c) 100 receipts per POST, walking on through the messages.
    const t2 = Date.UTC(2026, 10, 22, 9);
    const hundred = await runLoad({
      url: receiptUrl,
      concurrency: ARRAY_CONCURRENCY,
      seconds: ARRAY_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      items: () => PER_POST,
      body: (i) =>
        Buffer.from(
          JSON.stringify(
            Array.from({ length: PER_POST }, (_, k) => {
              const n = i * PER_POST + k;
              return receipt(sent[n % sent.length]!, t2, Math.floor(n / sent.length));
            }),
          ),
        ),
    });
    const loadEnded = performance.now();
    const load2 = os.loadavg()[0]!;
    const storedAfterAll = await numberOf(`SELECT count(*)::int AS n FROM "Receipt"`);
    const appliedAtEnd = await numberOf(`SELECT count(*)::int AS n FROM "Receipt" WHERE "appliedAt" IS NOT NULL`);
    report("receipts x100", hundred);

    // Drain: the worker applies what is left.
    let pending = storedAfterAll - appliedAtEnd;
    while (pending > 0 && performance.now() - loadEnded < APPLY_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      pending = await numberOf(`SELECT count(*)::int AS n FROM "Receipt" WHERE "appliedAt" IS NULL`);
    }
    const drainSeconds = (performance.now() - loadEnded) / 1000;
    const delivered = await numberOf(`SELECT count(*)::int AS n FROM "Message" WHERE state = 'DELIVERED'`);
    const unmatched = await numberOf(
      `SELECT count(*)::int AS n FROM "Receipt" WHERE "appliedAt" IS NOT NULL AND "messageId" IS NULL`,
    );

    const answeredOne = one.all.okItems;
    const storedOne = storedAfterOne;
    const answeredHundred = hundred.all.okItems;
    const storedHundred = storedAfterAll - storedAfterOne;
    const lost = Math.max(0, answeredOne - storedOne) + Math.max(0, answeredHundred - storedHundred);
    const non200 = (r: LoadResult) => {
      const other = Object.entries(r.all.statuses).filter(([s]) => s !== "200");
      const parts = [
        ...other.map(([s, n]) => `${s}×${n}`),
        ...Object.entries(r.all.errors).map(([e, n]) => `${e}×${n}`),
      ];
      return parts.length ? parts.join(", ") : "none";
    };
    const ms = (r: LoadResult) => `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)}`;
    return {
      name: "receipts",
      figures: {
        "console build before the run (s)": console_.buildSeconds ? fmt(console_.buildSeconds, 1) : "up to date",
        "timed seconds / concurrency (a, b) / concurrency (c)": `${SECONDS} / ${CONCURRENCY} / ${ARRAY_CONCURRENCY} (c: ${ARRAY_SECONDS} s)`,
        "(a, b) alternated in slices of (s)": fmt(SECONDS / slices, 1),
        "1-min load average: start / after (a, b) / after (c)": `${fmt(load0, 1)} / ${fmt(load1, 1)} / ${fmt(load2, 1)}`,
        "messages receipts were for (sent to the sandbox first)": fmt(sent.length),
        [`(a) empty route ${EMPTY_ROUTE} (405): req/s`]: fmt(ping.reqPerSec),
        "(a) p50 / p99 (ms)": ms(ping),
        "(b) receipts, 1 per POST: receipts/s": fmt(one.itemsPerSec),
        "(b) p50 / p99 (ms)": ms(one),
        "(a′) receipt path, unknown secret (404 before the body): answers/s": fmt(unknown.requests / unknown.seconds),
        "(a′) p50 / p99 (ms), answers": `${ms(unknown)}, ${Object.entries(unknown.all.statuses)
          .map(([status, n]) => `${status}×${fmt(n)}`)
          .join(", ")}`,
        "(b) ÷ (a), the empty Next route (target ≥ 0.95)": fmt(one.reqPerSec / ping.reqPerSec, 2),
        "(b) ÷ (a′), the same path answering at once": fmt(one.reqPerSec / (unknown.requests / unknown.seconds), 2),
        "(c) receipts, 100 per POST: receipts/s (target ≥ 40,000)": fmt(hundred.itemsPerSec),
        "(c) POSTs/s, p50 / p99 (ms)": `${fmt(hundred.reqPerSec)}, ${ms(hundred)}`,
        "(c) ÷ 40,000": fmt(hundred.itemsPerSec / 40_000, 2),
        "(b) receipts answered 200 / stored (warm-up included)": `${fmt(answeredOne)} / ${fmt(storedOne)}`,
        "(c) receipts answered 200 / stored (warm-up included)": `${fmt(answeredHundred)} / ${fmt(storedHundred)}`,
        "lost (answered 200, not stored right after the answer)": lost,
        "non-200 answers or errors (a / b / c)": `${non200(ping)} / ${non200(one)} / ${non200(hundred)}`,
        "applied by the worker while the load ran": `${fmt(appliedAtEnd)} of ${fmt(storedAfterAll)}`,
        "left unapplied after the drain": fmt(pending),
        "end of load → all applied (s)":
          pending === 0 ? fmt(drainSeconds, 1) : `not within ${APPLY_TIMEOUT_MS / 1000} s`,
        "apply rate over the drain (receipts/s)": fmt((storedAfterAll - appliedAtEnd - pending) / drainSeconds),
        "messages DELIVERED / unmatched receipts": `${fmt(delivered)} / ${fmt(unmatched)}`,
        ...(hook
          ? {
              "webhook endpoint subscribed: deliveries written / received by the sink": `${fmt(await numberOf(`SELECT count(*)::int AS n FROM "WebhookDelivery"`))} / ${fmt(hook.sink.count())}`,
            }
          : {}),
      },
    };
  });
}

function report(label: string, r: LoadResult): void {
  console.log(
    `  receipts bench: ${label}: ${fmt(r.reqPerSec)} req/s, ${fmt(r.itemsPerSec)} items/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms`,
  );
}

runAlone(import.meta.url, benchReceipts);
