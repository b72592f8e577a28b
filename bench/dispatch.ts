// Dispatch benchmark (DESIGN.md §9): 100,000 SMS recipients from "create batch" to all QUEUED and stored, against
// the sandbox at its default 120 requests/s. The provider's ceiling allows it in 8.33 s; target ≤ 1.2 × that.
// Receipts are off here so that the figure is the send path alone (receipts have their own benchmark).
import { fileURLToPath } from "node:url";
import { fmt, seedAccount, startBenchEnv } from "./bench-env";
import type { BenchResult } from "./types";

const RECIPIENTS = 100_000;
const FLOOR_SECONDS = RECIPIENTS / (120 * 100);

export async function benchDispatch(): Promise<BenchResult> {
  const env = await startBenchEnv(["--no-receipts"]);
  try {
    const { accountId, userId } = await seedAccount(env);
    const { createBatch } = await import("../lib/dispatch/create-batch");
    const { startWorker } = await import("../lib/dispatch/worker");
    const { db } = await import("../lib/db/client");
    const worker = await startWorker({ receiptBaseUrl: "http://127.0.0.1:9", lanes: 24 });
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ phone: `2547${String(10_000_000 + i).slice(-8)}` }));

    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    const { id } = await createBatch({ kind: "SMS", accountId, authorId: userId, name: "bench", templateText: "Habari! Your order has shipped.", sender: "TUMA", recipients });
    const stored = performance.now();
    let batch = await db.batch.findUniqueOrThrow({ where: { id } });
    let firstQueuedAt = 0;
    while (batch.queuedCount < RECIPIENTS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      batch = await db.batch.findUniqueOrThrow({ where: { id } });
      if (!firstQueuedAt && batch.queuedCount > 0) firstQueuedAt = performance.now();
      if (performance.now() - started > 120_000) throw new Error(`dispatch did not finish: ${batch.queuedCount} queued`);
    }
    const done = performance.now();
    await worker.stop();
    const stats = (await (await fetch(`${env.sandboxOrigin}/__sandbox/stats`)).json()) as Record<string, unknown>;
    const total = (done - started) / 1000;
    const sending = (done - stored) / 1000;
    return {
      name: "dispatch 100,000 SMS",
      figures: {
        "store batch + recipients (s)": fmt((stored - started) / 1000, 2),
        "first QUEUED after create (s)": fmt((firstQueuedAt - started) / 1000, 2),
        "send all (s)": fmt(sending, 2),
        "create → all QUEUED (s)": fmt(total, 2),
        "ratio to 8.33 s floor (target ≤ 1.20)": fmt(total / FLOOR_SECONDS, 2),
        "achieved messages/s": fmt(RECIPIENTS / total),
        "send-phase messages/s (of 12,000)": fmt(RECIPIENTS / sending),
        "sandbox requests seen": String(stats.requests ?? JSON.stringify(stats)).slice(0, 60),
        "RSS growth (MB)": fmt((process.memoryUsage().rss - rssBefore) / 1e6),
      },
    };
  } finally {
    const { closePool } = await import("../lib/db/pool");
    const { db } = await import("../lib/db/client");
    await closePool();
    await db.$disconnect();
    await env.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchDispatch();
  console.log(result.name);
  for (const [k, v] of Object.entries(result.figures)) console.log(`  ${k}: ${v}`);
  process.exit(0);
}
