// API send benchmark (issue 16): 100,000 SMS recipients sent through POST /api/v1/batches — the bearer key, the rate
// limit, the 1.6 MB JSON body read under its limit and hashed for Idempotency-Key, the zod schema, then Compose's own
// createBatch — from the request to all QUEUED, against the sandbox at its default 120 requests/s, compared with
// the provider's floor (8.33 s) like bench/dispatch.ts (target ≤ 1.10 × the floor, as from the console). The route
// handler is called in this process, as Next calls it; receipts are off, as in the dispatch benchmark.
import { apiKeyAccount, benchPhones, fmt, withBenchEnv } from "./bench-env";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";
import { exactlyOnce, floorSeconds, timeDispatch } from "./timed-dispatch";

const RECIPIENTS = 100_000;
const FLOOR_SECONDS = floorSeconds(RECIPIENTS);

export async function benchApiSend(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { key } = await apiKeyAccount(env, ["send"]);
    const { POST } = await import("../app/api/v1/batches/route");
    const body = JSON.stringify({
      name: "bench",
      templateText: "Habari! Your order has shipped.",
      recipients: benchPhones(RECIPIENTS),
    });
    let answered = 0;
    const run = await timeDispatch(env, RECIPIENTS, async () => {
      const started = performance.now();
      const response = await POST(
        new Request("http://127.0.0.1/api/v1/batches", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "bench" },
          body,
        }),
      );
      answered = (performance.now() - started) / 1000;
      if (response.status !== 201)
        throw new Error(`POST /api/v1/batches answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: string };
    });
    return {
      name: "API send 100,000 SMS (POST /api/v1/batches)",
      figures: {
        "request body (MB)": fmt(Buffer.byteLength(body) / 1e6, 2),
        "request → 201 answer (s)": fmt(answered, 2),
        "first QUEUED after create (s)": fmt(run.firstQueued, 2),
        "create → all QUEUED (s)": fmt(run.allQueued, 2),
        [`ratio to ${fmt(FLOOR_SECONDS, 2)} s floor (target ≤ 1.10)`]: fmt(run.allQueued / FLOOR_SECONDS, 2),
        "sent exactly once": exactlyOnce(run, RECIPIENTS),
        "batch state": run.batchState,
      },
    };
  });
}

runAlone(import.meta.url, benchApiSend);
