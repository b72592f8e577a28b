// One timed dispatch, as the dispatch benchmarks measure it: the worker running in this process (as in `npm start`),
// the sandbox in its own, a batch created "send now", and the clock read from the create call to the first and to
// the last QUEUED (the Batch counters, polled every 25 ms from the start: sending begins while recipients are still
// being stored). Then what was sent is checked exactly once: every message QUEUED with its own provider id, the
// sandbox accepted as many messages in one request per 100 (requests it refused, e.g. 429 for crowding its rate
// window, are counted apart: they carried nothing and were retried).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startWorker } from "../lib/dispatch/worker";
import { spawnWorker, type WorkerProcess } from "../test/worker-process";
import { sandboxGet, sandboxLog, type BenchEnv } from "./bench-env";
import { firstRow, numberOf } from "./query";

export type TimedDispatch = {
  batchId: string;
  /** Seconds from the create call. */
  stored: number;
  firstQueued: number;
  allQueued: number;
  sandbox: { requests: number; accepted: number; refused: string; messages: number };
  /** Messages QUEUED, and distinct provider ids among them. */
  queued: number;
  uniqueIds: number;
  batchState: string;
  /** This process's event-loop delay while it ran (ms): a send slot comes every 8.8 ms and is dropped 45 ms late. */
  loopDelay: { p99: number; max: number };
};

/** The provider's ceiling: 120 requests/s of 100 messages. */
export const floorSeconds = (messages: number) => messages / (120 * 100);

/** `extraWorkers`: worker processes (`npm run worker`, each its own connection budget) beside the one in process. */
export async function timeDispatch(
  env: BenchEnv,
  expected: number,
  create: () => Promise<{ id: string }>,
  extraWorkers = 0,
): Promise<TimedDispatch> {
  const lanes = process.env.LANES ? Number(process.env.LANES) : 48;
  const worker = await startWorker({ receiptBaseUrl: "http://127.0.0.1:9", lanes });
  const others: WorkerProcess[] = [];
  for (let i = 0; i < extraWorkers; i++)
    others.push(await spawnWorker({ receiptBaseUrl: "http://127.0.0.1:9", lanes, timeoutSeconds: 30 }));
  let running = true;
  const stopWorker = async () => {
    if (running) await Promise.all([worker.stop(), ...others.map((other) => other.kill("SIGTERM"))]);
    running = false;
  };
  try {
    const deadline = 60_000 + 3 * floorSeconds(expected) * 1000;
    const started = performance.now();
    const since = () => (performance.now() - started) / 1000;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let firstQueued = 0;
    const watch = (async () => {
      for (;;) {
        const n = await numberOf(`SELECT COALESCE(sum("queuedCount"), 0)::int AS n FROM "Batch"`);
        if (!firstQueued && n > 0) firstQueued = since();
        if (n >= expected) return since();
        if (performance.now() - started > deadline) throw new Error(`dispatch did not finish: ${n} queued`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    // Should the create fail, the watch's own failure (it times out later) must not go unhandled.
    watch.catch(() => {});
    const { id } = await create();
    const stored = since();
    const allQueued = await watch;
    loop.disable();
    await stopWorker();
    const sandbox = await sandboxCounts(env);
    const counts = await firstRow<{ queued: number; uniqueIds: number; state: string }>(
      `SELECT count(*) FILTER (WHERE m.state = 'QUEUED')::int AS queued,
              count(DISTINCT m."providerUniqueId")::int AS "uniqueIds",
              (SELECT state::text FROM "Batch" WHERE id = $1) AS state
       FROM "Message" m WHERE m."batchId" = $1`,
      [id],
    );
    return {
      batchId: id,
      stored,
      firstQueued,
      allQueued,
      sandbox,
      queued: counts.queued,
      uniqueIds: counts.uniqueIds,
      batchState: counts.state,
      loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    };
  } finally {
    await stopWorker();
  }
}

/** The sandbox's counters, and its request log (kept up to 200,000 requests) counted by answer. */
async function sandboxCounts(env: BenchEnv): Promise<TimedDispatch["sandbox"]> {
  const stats = await sandboxGet<{ requests: number; messages: number }>(env, "stats");
  const log = await sandboxLog(env);
  const refused = new Map<string, number>();
  let accepted = 0;
  for (const request of log.requests) {
    if (request.messages > 0) accepted++;
    else refused.set(String(request.status), (refused.get(String(request.status)) ?? 0) + 1);
  }
  return {
    requests: stats.requests,
    accepted: log.evicted > 0 ? NaN : accepted,
    refused: [...refused].map(([status, n]) => `${n} × ${status}`).join(", ") || "none",
    messages: stats.messages,
  };
}

/** "0 lost, 0 duplicates" when every message was QUEUED once, each in one accepted request of 100. */
export function exactlyOnce(run: TimedDispatch, expected: number): string {
  const ok =
    run.queued === expected &&
    run.uniqueIds === expected &&
    run.sandbox.messages === expected &&
    run.sandbox.accepted === Math.ceil(expected / 100);
  const counts =
    `${run.queued} QUEUED, ${run.uniqueIds} provider ids, sandbox ${run.sandbox.messages} messages in ` +
    `${run.sandbox.accepted} accepted requests (refused: ${run.sandbox.refused})`;
  return `${ok ? "0 lost, 0 duplicates" : "MISMATCH"} (${counts}); batch ${run.batchState}`;
}

/**
 * `pairs` runs of each side (each on a fresh database, `run`'s to start), alternating which goes first, so that a
 * machine getting busier or quieter weighs on both alike; `only` leaves the other side out (a profile of one).
 */
export async function inPairs<S extends string>(
  name: string,
  pairs: number,
  sides: [S, S],
  run: (side: S) => Promise<TimedDispatch>,
  only?: string,
): Promise<Record<S, TimedDispatch[]>> {
  const runs = Object.fromEntries(sides.map((side) => [side, []])) as unknown as Record<S, TimedDispatch[]>;
  for (let pair = 0; pair < pairs; pair++)
    for (const side of (pair % 2 === 0 ? sides : [...sides].reverse()).filter((side) => !only || side === only)) {
      const timed = await run(side);
      console.log(
        `${name} ${side} run ${pair + 1}/${pairs}: stored ${timed.stored.toFixed(2)} s, all QUEUED ${timed.allQueued.toFixed(2)} s`,
      );
      runs[side].push(timed);
    }
  return runs;
}

/** One figure of each run, in seconds. */
export const perRun = (runs: TimedDispatch[], pick: (run: TimedDispatch) => number) =>
  runs.map((run) => pick(run).toFixed(2)).join(", ");
