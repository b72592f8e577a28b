// A small keep-alive HTTP load generator for the benchmarks: `concurrency` loops, each sending one POST after the
// other on its own kept-alive socket, for a fixed time. Bodies come from a function of the request's index, so a
// run can walk through real receipts. Every request is counted, warm-up included, so that a benchmark can compare
// what the server answered 200 with what it stored; only the timed phase goes into the rates and latencies.
import http from "node:http";

export type LoadOptions = {
  url: string;
  /** Requests in flight at once (one socket each). */
  concurrency: number;
  /** Length of the timed phase. */
  seconds: number;
  /** Untimed phase before it: JIT, sockets, the route's first load. */
  warmupSeconds?: number;
  /** The body of request number `i` (startIndex, startIndex + 1… across warm-up and timed phase). */
  body: (i: number) => Buffer;
  /** How many items (receipts) request `i` carries; 1 when omitted. */
  items?: (i: number) => number;
  headers?: Record<string, string>;
  /** The first request's index (to walk on through the bodies across several runs); 0 when omitted. */
  startIndex?: number;
  /** The answer that counts as served; 200 when omitted (the empty route, bench/empty-route.ts, answers 405). */
  expectStatus?: number;
  /** A request still unanswered after this is counted as an error (its socket is destroyed). */
  timeoutMs?: number;
};

export type LoadResult = {
  /** Timed phase only. */
  seconds: number;
  requests: number;
  ok: number;
  reqPerSec: number;
  itemsPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Timed phase, in ms, sorted. */
  latencies: Float64Array;
  /** The index the next run should start from. */
  nextIndex: number;
  /** Warm-up and timed phase together: what the server was asked, and what it answered. */
  all: {
    requests: number;
    ok: number;
    okItems: number;
    statuses: Record<string, number>;
    errors: Record<string, number>;
  };
};

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.concurrency,
    maxFreeSockets: options.concurrency,
  });
  const items = options.items ?? (() => 1);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const first = options.startIndex ?? 0;
  let next = first;
  let okItems = 0;
  let okAll = 0;
  const expected = options.expectStatus ?? 200;

  const once = (payload: Buffer): Promise<number> =>
    new Promise((resolve) => {
      const req = http.request(
        target,
        {
          method: "POST",
          agent,
          headers: { "Content-Type": "application/json", "Content-Length": String(payload.length), ...options.headers },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", () => resolve(-1));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
      req.on("error", (error: NodeJS.ErrnoException) => {
        const kind = error.code ?? error.message;
        errors[kind] = (errors[kind] ?? 0) + 1;
        resolve(-1);
      });
      req.end(payload);
    });

  let latencies = new Float64Array(1 << 16);
  let recorded = 0;
  let okTimed = 0;
  let itemsTimed = 0;
  const phase = async (until: number, timed: boolean): Promise<void> => {
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < until) {
          const i = next++;
          const t0 = performance.now();
          const status = await once(options.body(i));
          const elapsed = performance.now() - t0;
          if (status > 0) statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === expected) {
            okAll++;
            okItems += items(i);
          }
          if (!timed) continue;
          if (recorded === latencies.length) {
            const grown = new Float64Array(latencies.length * 2);
            grown.set(latencies);
            latencies = grown;
          }
          latencies[recorded++] = elapsed;
          if (status === expected) {
            okTimed++;
            itemsTimed += items(i);
          }
        }
      }),
    );
  };

  if (options.warmupSeconds) await phase(performance.now() + options.warmupSeconds * 1000, false);
  const started = performance.now();
  await phase(started + options.seconds * 1000, true);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  return summarise(
    seconds,
    okTimed,
    itemsTimed,
    latencies.slice(0, recorded),
    {
      requests: next - first,
      ok: okAll,
      okItems,
      statuses,
      errors,
    },
    next,
  );
}

function summarise(
  seconds: number,
  ok: number,
  items: number,
  latencies: Float64Array,
  all: LoadResult["all"],
  nextIndex: number,
): LoadResult {
  const sorted = latencies.sort();
  const n = sorted.length;
  const q = (p: number): number => sorted[Math.min(n - 1, Math.floor(p * n))] ?? 0;
  return {
    seconds,
    requests: n,
    ok,
    reqPerSec: ok / seconds,
    itemsPerSec: items / seconds,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    max: n ? sorted[n - 1]! : 0,
    latencies: sorted,
    nextIndex,
    all,
  };
}

/** Several runs against the same endpoint as one: rates over their summed time, latencies over all their requests. */
export function mergeLoads(runs: LoadResult[]): LoadResult {
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const ok = runs.reduce((s, r) => s + r.ok, 0);
  const items = runs.reduce((s, r) => s + r.itemsPerSec * r.seconds, 0);
  const latencies = new Float64Array(runs.reduce((s, r) => s + r.latencies.length, 0));
  let at = 0;
  for (const r of runs) {
    latencies.set(r.latencies, at);
    at += r.latencies.length;
  }
  const add = (target: Record<string, number>, source: Record<string, number>) => {
    for (const [k, v] of Object.entries(source)) target[k] = (target[k] ?? 0) + v;
    return target;
  };
  const all: LoadResult["all"] = { requests: 0, ok: 0, okItems: 0, statuses: {}, errors: {} };
  for (const r of runs) {
    all.requests += r.all.requests;
    all.ok += r.all.ok;
    all.okItems += r.all.okItems;
    add(all.statuses, r.all.statuses);
    add(all.errors, r.all.errors);
  }
  return summarise(seconds, ok, Math.round(items), latencies, all, runs.at(-1)?.nextIndex ?? 0);
}
