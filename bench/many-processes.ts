// Many processes on one PostgreSQL (issue 18, items 1–2; docs/scaling.md, "Many processes"): the console as `npm start`
// runs it (web, importer and worker, each its own process) plus three `npm run worker` processes, on a cluster with
// max_connections = 100 and the default budget (DATABASE_POOL_MAX 10 each). 100,000 SMS are sent through the web
// process's POST /api/v1/batches; the sandbox posts every delivery receipt back to the console's receipts route.
// Measured: each process's connections to the database, counted by the kernel every 50 ms all through the send
// (test/process-connections.ts), their sum, and PostgreSQL's own count of client connections; the pace (no 1-s window
// over 120 requests), every recipient sent once, every receipt applied, and the time from the request to all
// DELIVERED. The console's parts stop at the end; its web process must stop by itself (scripts/web-server.ts).
// Run: npx tsx --conditions=react-server bench/many-processes.ts   (or BENCH_ONLY=many-processes npm run bench)
import { fmt, seedAccount, startBenchEnv } from "./bench-env";
import { startBenchConsole } from "./bench-console";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";
import { connectionsOf } from "../test/process-connections";
import { spawnWorker, type WorkerProcess } from "../test/worker-process";

const RECIPIENTS = Number(process.env.BENCH_MANY_RECIPIENTS ?? 100_000);
const EXTRA_WORKERS = 3;
const BUDGET = 10;
const MAX_CONNECTIONS = 100;

export async function benchManyProcesses(): Promise<BenchResult> {
  const env = await startBenchEnv([], ["-c", `max_connections=${MAX_CONNECTIONS}`]);
  const workers: WorkerProcess[] = [];
  let console_: Awaited<ReturnType<typeof startBenchConsole>> | undefined;
  try {
    const { accountId, userId } = await seedAccount(env);
    const { db } = await import("../lib/db/client");
    const { pool } = await import("../lib/db/pool");
    await db.providerAccount.update({ where: { id: accountId }, data: { senders: ["TUMA"] } });
    const { createApiKey } = await import("../lib/api-keys/create-api-key");
    const { key } = await createApiKey(userId, { name: "bench", scopes: ["send", "read"] }, userId);

    console_ = await startBenchConsole(env, "many-processes", { WORKER: "on", DATABASE_POOL_MAX: String(BUDGET) });
    const base = console_.url;
    for (let i = 0; i < EXTRA_WORKERS; i++)
      workers.push(await spawnWorker({ receiptBaseUrl: base, lanes: 48, timeoutSeconds: 30 }));
    const running = console_;
    const parts = [
      { name: "npm start (supervisor)", pid: running.pid },
      { name: "web", pid: running.webPid() },
      { name: "importer", pid: running.partPid("importer") },
      { name: "worker (npm start's)", pid: running.partPid("worker") },
      ...workers.map((w, i) => ({ name: `npm run worker #${i + 1}`, pid: w.child.pid! })),
    ];
    const databasePort = Number(new URL(env.databaseUrl).port);
    const peaks = parts.map(() => 0);
    let peakSum = 0;
    let peakServer = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        let sum = 0;
        parts.forEach((part, i) => {
          const n = connectionsOf(part.pid, databasePort);
          peaks[i] = Math.max(peaks[i]!, n);
          sum += n;
        });
        peakSum = Math.max(peakSum, sum);
        const { rows } = await pool().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`,
        );
        peakServer = Math.max(peakServer, rows[0]!.n);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const started = performance.now();
    const response = await fetch(`${base}/api/v1/batches`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "many" },
      body: JSON.stringify({
        name: "many processes",
        templateText: "Habari! Your order has shipped.",
        sender: "TUMA",
        recipients: Array.from({ length: RECIPIENTS }, (_, i) => `2547${String(10_000_000 + i).slice(-8)}`),
      }),
    });
    if (response.status !== 201) throw new Error(`POST /api/v1/batches answered ${response.status}`);
    const { id } = (await response.json()) as { id: string };
    let allQueued = 0;
    for (;;) {
      const { rows } = await pool().query<{ queued: number; delivered: number }>(
        `SELECT "queuedCount" + "deliveredCount" + "failedCount" AS queued, "deliveredCount" AS delivered
         FROM "Batch" WHERE id = $1`,
        [id],
      );
      const { queued, delivered } = rows[0]!;
      if (!allQueued && queued >= RECIPIENTS) allQueued = (performance.now() - started) / 1000;
      if (delivered >= RECIPIENTS) break;
      if (performance.now() - started > 600_000) throw new Error(`only ${delivered} delivered after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const allDelivered = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const health = (await fetch(`${base}/api/health`)).status;

    const headers = { Authorization: `Bearer ${env.token}` };
    const log = (await (await fetch(`${env.sandboxOrigin}/__sandbox/requests`, { headers })).json()) as {
      evicted: number;
      requests: { at: number; messages: number }[];
    };
    const times = log.requests
      .filter((r) => r.messages > 0)
      .map((r) => r.at)
      .sort((a, b) => a - b);
    let worst = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1_000) j++;
      worst = Math.max(worst, i - j + 1);
    }
    const { rows: check } = await pool().query<{ delivered: number; uniqueIds: number; receipts: number }>(
      `SELECT count(*) FILTER (WHERE state = 'DELIVERED')::int AS delivered,
              count(DISTINCT "providerUniqueId")::int AS "uniqueIds",
              (SELECT count(*)::int FROM "Receipt" WHERE "accountId" = $2) AS receipts
       FROM "Message" WHERE "batchId" = $1`,
      [id, accountId],
    );
    const worstPart = Math.max(...peaks.slice(1));
    const figures: BenchResult["figures"] = {
      recipients: fmt(RECIPIENTS),
      "processes with a budget (web, importer, 4 workers) × DATABASE_POOL_MAX": `6 × ${BUDGET}`,
      [`max_connections`]: MAX_CONNECTIONS,
      ...Object.fromEntries(parts.map((part, i) => [`peak connections: ${part.name}`, peaks[i]!])),
      [`worst process ÷ its budget of ${BUDGET} (must be ≤ 1)`]: fmt(worstPart / BUDGET, 1),
      "peak connections, all Tuma processes together (kernel, summed per sample)": peakSum,
      "peak client connections seen by PostgreSQL (with this benchmark's own)": peakServer,
      "request → all QUEUED (s)": fmt(allQueued, 2),
      "request → all DELIVERED (s)": fmt(allDelivered, 2),
      "requests in the busiest 1-s window (≤ 120)": log.evicted > 0 ? "log evicted" : worst,
      "delivered / distinct provider ids / receipts stored": `${fmt(check[0]!.delivered)} / ${fmt(check[0]!.uniqueIds)} / ${fmt(check[0]!.receipts)}`,
      "console health after the send": health,
    };
    return {
      name: `Many processes: npm start + ${EXTRA_WORKERS} workers on max_connections ${MAX_CONNECTIONS}`,
      figures,
    };
  } finally {
    await Promise.all(workers.map((w) => w.kill("SIGTERM")));
    await console_?.stopAll();
    const { closePool } = await import("../lib/db/pool");
    const { db } = await import("../lib/db/client");
    await closePool();
    await db.$disconnect();
    await env.stop();
  }
}

runAlone(import.meta.url, benchManyProcesses);
