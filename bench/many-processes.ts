// Many processes on one PostgreSQL (issue 18, items 1–2; docs/scaling.md, "Many processes"): three consoles as
// `npm start` runs them (each a web and an importer process, WORKER off) behind a round-robin balancer, plus three
// `npm run worker` processes, on a cluster with max_connections = 100 and the default budget (DATABASE_POOL_MAX 10
// each: 9 processes, 90 connections at most). 100,000 SMS are sent through POST /api/v1/batches at the balancer; the
// workers give the provider the balancer's address for receipts (RECEIPT_BASE_URL), so the sandbox's receipt POSTs
// are spread over the three web processes.
// Measured: each process's connections to the database, counted by the kernel every 50 ms all through the send
// (test/process-connections.ts), their sum, and PostgreSQL's own count of client connections; the pace (no 1-s window
// over 120 requests), every recipient sent once, every receipt applied, each web process's share of the receipt
// POSTs, and the time from the request to all DELIVERED; then every web process answers an API read. The consoles stop
// at the end; each web process must stop by itself (programs/web-server.ts).
// Run: npx tsx --conditions=react-server bench/many-processes.ts   (or BENCH_ONLY=many-processes npm run bench)
import { apiKeyAccount, benchPhones, fmt, sandboxLog, withBenchEnv } from "./bench-env";
import { startBenchConsole, type BenchConsole } from "./bench-console";
import { startRoundRobinProxy } from "./round-robin-proxy";
import { firstRow, numberOf } from "./query";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";
import { connectionsOf } from "../test/process-connections";
import { spawnWorker, type WorkerProcess } from "../test/worker-process";

const RECIPIENTS = Number(process.env.BENCH_MANY_RECIPIENTS ?? 100_000);
const CONSOLES = 3;
const WORKERS = 3;
const BUDGET = 10;
const MAX_CONNECTIONS = 100;

export async function benchManyProcesses(): Promise<BenchResult> {
  return withBenchEnv(
    async (env) => {
      const workers: WorkerProcess[] = [];
      const consoles: BenchConsole[] = [];
      const { accountId, key } = await apiKeyAccount(env, ["send", "read"]);

      // One after the other: the first builds the console if a source changed; the others find the build fresh.
      for (let i = 0; i < CONSOLES; i++)
        consoles.push(
          await startBenchConsole(env, `many-processes-${i + 1}`, { WORKER: "off", DATABASE_POOL_MAX: String(BUDGET) }),
        );
      const balancer = await startRoundRobinProxy(consoles.map((c) => c.url));
      env.atStop(balancer.close);
      const base = balancer.url;
      // Stopped before the balancer and the consoles; the sampler (below) before them, as it must not read the
      // processes being stopped.
      env.atStop(() => Promise.all(workers.map((w) => w.kill("SIGTERM"))));
      for (let i = 0; i < WORKERS; i++)
        workers.push(await spawnWorker({ receiptBaseUrl: base, lanes: 48, timeoutSeconds: 30 }));
      const parts = [
        ...consoles.flatMap((c, i) => [
          { name: `npm start #${i + 1} (supervisor)`, pid: c.pid },
          { name: `web #${i + 1}`, pid: c.webPid() },
          { name: `importer #${i + 1}`, pid: c.partPid("importer") },
        ]),
        ...workers.map((w, i) => ({ name: `npm run worker #${i + 1}`, pid: w.child.pid! })),
      ];
      const databasePort = Number(new URL(env.databaseUrl).port);
      const peaks = parts.map(() => 0);
      let peakSum = 0;
      let peakServer = 0;
      let sampling = true;
      const exited = new Set<string>();
      const sampler = (async () => {
        while (sampling) {
          let sum = 0;
          parts.forEach((part, i) => {
            try {
              const n = connectionsOf(part.pid, databasePort);
              peaks[i] = Math.max(peaks[i]!, n);
              sum += n;
            } catch {
              exited.add(part.name); // its /proc entry is gone: reported below, never silently skipped
            }
          });
          peakSum = Math.max(peakSum, sum);
          const clients = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`;
          peakServer = Math.max(peakServer, await numberOf(clients));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();

      const stopSampling = async () => {
        sampling = false;
        await sampler;
      };
      env.atStop(stopSampling);
      const started = performance.now();
      // Sent to web #1 directly: the balancer carries only the provider's receipts, so its counts are theirs.
      const response = await fetch(`${consoles[0]!.url}/api/v1/batches`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "many" },
        body: JSON.stringify({
          name: "many processes",
          templateText: "Habari! Your order has shipped.",
          sender: "TUMA",
          recipients: benchPhones(RECIPIENTS),
        }),
      });
      if (response.status !== 201) throw new Error(`POST /api/v1/batches answered ${response.status}`);
      const { id } = (await response.json()) as { id: string };
      let allQueued = 0;
      for (;;) {
        const { queued, delivered } = await firstRow<{ queued: number; delivered: number }>(
          `SELECT "queuedCount" + "deliveredCount" + "failedCount" AS queued, "deliveredCount" AS delivered
         FROM "Batch" WHERE id = $1`,
          [id],
        );
        if (!allQueued && queued >= RECIPIENTS) allQueued = (performance.now() - started) / 1000;
        if (delivered >= RECIPIENTS) break;
        // Receipts one per POST through three Next processes on two cores arrive at ~170/s: ten minutes for 100,000.
        if (performance.now() - started > 1_200_000) throw new Error(`only ${delivered} delivered after 20 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const allDelivered = (performance.now() - started) / 1000;
      await stopSampling();
      const receiptPosts = balancer.counts();
      // Every web process answers an authenticated read of the batch, straight, not through the balancer.
      const answers = await Promise.all(
        consoles.map(async (c) => {
          const read = await fetch(`${c.url}/api/v1/batches/${id}`, { headers: { authorization: `Bearer ${key}` } });
          return read.status === 200 ? ((await read.json()) as { state?: string }).state : `HTTP ${read.status}`;
        }),
      );

      const log = await sandboxLog(env);
      const times = log.requests
        .filter((r) => r.messages > 0)
        .map((r) => r.at)
        .sort((a, b) => a - b);
      let worst = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1_000) j++;
        worst = Math.max(worst, i - j + 1);
      }
      const check = await firstRow<{ delivered: number; uniqueIds: number; receipts: number }>(
        `SELECT count(*) FILTER (WHERE state = 'DELIVERED')::int AS delivered,
              count(DISTINCT "providerUniqueId")::int AS "uniqueIds",
              (SELECT count(*)::int FROM "Receipt" WHERE "accountId" = $2) AS receipts
       FROM "Message" WHERE "batchId" = $1`,
        [id, accountId],
      );
      const worstPart = Math.max(...peaks);
      const figures: BenchResult["figures"] = {
        recipients: fmt(RECIPIENTS),
        "processes with a budget (3 web, 3 importers, 3 workers) × DATABASE_POOL_MAX": `9 × ${BUDGET}`,
        [`max_connections`]: MAX_CONNECTIONS,
        ...Object.fromEntries(parts.map((part, i) => [`peak connections: ${part.name}`, peaks[i]!])),
        [`worst process ÷ its budget of ${BUDGET} (must be ≤ 1)`]: fmt(worstPart / BUDGET, 1),
        "peak connections, all Tuma processes together (kernel, summed per sample)": peakSum,
        "peak client connections seen by PostgreSQL (with this benchmark's own)": peakServer,
        "request → all QUEUED (s)": fmt(allQueued, 2),
        "request → all DELIVERED (s)": fmt(allDelivered, 2),
        "requests in the busiest 1-s window (≤ 120)": log.evicted > 0 ? "log evicted" : worst,
        "delivered / distinct provider ids / receipts stored (a POST the provider retried is stored again)": `${fmt(check.delivered)} / ${fmt(check.uniqueIds)} / ${fmt(check.receipts)}`,
        "receipt POSTs answered by web #1 / #2 / #3 (round robin)": receiptPosts.answered
          .map((n) => fmt(n))
          .join(" / "),
        "receipt POSTs by answer": Object.entries(receiptPosts.statuses)
          .map(([status, n]) => `${status}: ${fmt(n)}`)
          .join(", "),
        "batch state read from web #1 / #2 / #3 after the send": answers.join(" / "),
        "processes that exited during the send": exited.size ? [...exited].join(", ") : "none",
      };
      return {
        name: `Many processes: ${CONSOLES} consoles (web + importer) and ${WORKERS} workers on max_connections ${MAX_CONNECTIONS}`,
        figures,
      };
    },
    { sandboxArgs: [], postgresFlags: ["-c", `max_connections=${MAX_CONNECTIONS}`] },
  );
}

runAlone(import.meta.url, benchManyProcesses);
