// Compose from a saved list (issue 9 step 1): a generated 1,000,000-row list (phone + name, stored as an upload
// stores it), then the planner's pass over it (render + SMS units of every text) and createBatchFromList (the same
// pass, then the list read in keyset slices, rendered and stored by COPY). Scheduled, so storing runs at full speed
// (a batch sending now is paced to 1.5 × the provider's rate on purpose). For comparison, createBatch from an array
// of the same 1,000,000 numbers (the pasted-numbers path), and the peak RSS of this process.
// Run: npx tsx --conditions=react-server bench/list-batch.ts   (BENCH_LIST_ROWS=1000000, BENCH_SKIP_ARRAY=1)
import { benchAccountId } from "./bench-batch";
import { fmt, withBenchEnv } from "./bench-env";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";
import { generateList } from "./generated-list";
import { firstRow } from "./query";
import { secondsOf, timed } from "./timed-runs";

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);

export async function benchListBatch(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    env.atStop(() => clearInterval(sampler));
    const { planList } = await import("../lib/batches/plan-list");
    const { createBatchFromList } = await import("../lib/batches/create-from-list");
    const { createBatch } = await import("../lib/batches/create-batch");
    const accountId = await benchAccountId(env);
    const { id: listId, seconds: generate } = await generateList(ROWS, { settle: false });
    const settings = {
      kind: "SMS" as const,
      accountId,
      authorId: null,
      name: "Million",
      templateText: "Habari {{name}}, karibu Tuma.",
      sender: "TUMA",
      scheduledAt: new Date(Date.now() + 3_600_000),
    };

    const { readList } = await import("../lib/lists/read-list");
    let read = 0;
    const readSeconds = await secondsOf(async () => {
      for await (const slice of readList(listId)) read += slice.phones.length;
    });
    const { templateText } = settings;
    const { result: plan, seconds: planSeconds } = await timed(() =>
      planList({ listId, templateText, kind: "SMS", accountId }),
    );

    peak = 0;
    const { result: created, seconds: createSeconds } = await timed(() => createBatchFromList({ ...settings, listId }));
    const listPeak = peak;
    const stored = await firstRow<{ n: number; sample: string }>(
      `SELECT count(*)::int AS n, (SELECT text FROM "Message" WHERE "batchId" = $1 ORDER BY id DESC LIMIT 1) AS sample FROM "Message" WHERE "batchId" = $1`,
      [created.id],
    );

    let arraySeconds = NaN;
    let arrayPeak = NaN;
    if (!process.env.BENCH_SKIP_ARRAY) {
      const recipients = Array.from({ length: ROWS }, (_, i) => ({ phone: `2541${String(i).padStart(8, "0")}` }));
      peak = 0;
      arraySeconds = await secondsOf(() => createBatch({ ...settings, templateText: "Same for all", recipients }));
      arrayPeak = peak;
    }
    return {
      name: `compose from a ${fmt(ROWS)}-row list`,
      figures: {
        "generate the list in SQL (s)": generate.toFixed(2),
        "read the list alone, keyset slices of 10,000 (s)": `${readSeconds.toFixed(2)} (${fmt(read)} rows)`,
        "plan: render + units of every text (s)": planSeconds.toFixed(2),
        "plan: recipients / requests / units": `${fmt(plan.recipients)} / ${fmt(plan.requests)} / ${fmt(plan.units)}`,
        "createBatchFromList, scheduled (s)": createSeconds.toFixed(2),
        "createBatchFromList rows/s": fmt(Math.round(ROWS / createSeconds)),
        "messages stored": fmt(stored.n),
        "last message's text": stored.sample,
        "peak RSS during createBatchFromList (MB)": Math.round(listPeak / 1e6),
        "createBatch from an array of the same count, scheduled (s)": arraySeconds.toFixed(2),
        "peak RSS during createBatch from an array (MB)": Number.isNaN(arrayPeak) ? "—" : Math.round(arrayPeak / 1e6),
      },
    };
  });
}

runAlone(import.meta.url, benchListBatch);
