// Compose from a stored list while dispatching (issue 9, "Speed"): creating the batch from a stored 1,000,000-row
// list personalised with {{name}} must not slow the dispatch benchmark's create → all QUEUED by more than 10 %.
// Both runs send now, with the worker running (timed-dispatch.ts), each on a fresh database holding the same
// generated list: one batch from the list ("Habari {{name}}, karibu Tuma."), one from an array of the same numbers
// with one text (the pasted-numbers path). At 1,000,000 the provider's floor is 83.3 s per run.
// Run: npx tsx --conditions=react-server bench/list-dispatch.ts   (or BENCH_ONLY=list-dispatch npm run bench)
// BENCH_LIST_DISPATCH_ROWS=1000000; BENCH_LIST_DISPATCH_RUNS=1 pairs, alternating which goes first;
// BENCH_LIST_DISPATCH_ONLY=list (or array) runs one side only, e.g. under --cpu-prof; BENCH_LIST_DISPATCH_NOTE=1 adds
// a column the template does not use, 1,600 characters long in one row (generated-list.ts); BENCH_LIST_DISPATCH_FRESH=1
// leaves the list as the bulk insert left it (not vacuumed: a batch composed the moment the upload finished).
import { fmt, seedAccount, withBenchEnv } from "./bench-env";
import { generateList, listPhone } from "./generated-list";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";
import { inPairs, perRun, exactlyOnce, floorSeconds, timeDispatch, type TimedDispatch } from "./timed-dispatch";
import { middle } from "./timed-runs";

const ROWS = Number(process.env.BENCH_LIST_DISPATCH_ROWS ?? 1_000_000);
const PAIRS = Number(process.env.BENCH_LIST_DISPATCH_RUNS ?? 1);
const TEMPLATE = "Habari {{name}}, karibu Tuma.";
/** The array's one text, as long as a typical rendered one. */
const FIXED = "Habari Name 500000, karibu Tuma.";
const TARGET = 1.1;
const ONLY = process.env.BENCH_LIST_DISPATCH_ONLY;
const NOTE = process.env.BENCH_LIST_DISPATCH_NOTE === "1";
const FRESH = process.env.BENCH_LIST_DISPATCH_FRESH === "1";

type Source = "array" | "list";

async function oneRun(source: Source): Promise<TimedDispatch> {
  return withBenchEnv(async (env) => {
    const { accountId, userId } = await seedAccount(env);
    // The list is stored for both runs, so both databases are the same size when the clock starts.
    const list = await generateList(ROWS, { settle: !FRESH, note: NOTE });
    const settings = { kind: "SMS" as const, accountId, authorId: userId, name: `bench ${source}`, sender: "TUMA" };
    if (source === "list") {
      const { createBatchFromList } = await import("../lib/batches/create-from-list");
      return await timeDispatch(env, ROWS, () =>
        createBatchFromList({ ...settings, templateText: TEMPLATE, listId: list.id }),
      );
    }
    const { createBatch } = await import("../lib/batches/create-batch");
    const recipients = Array.from({ length: ROWS }, (_, i) => ({ phone: listPhone(i + 1) }));
    return await timeDispatch(env, ROWS, () => createBatch({ ...settings, templateText: FIXED, recipients }));
  });
}

const loopDelay = (run: TimedDispatch) => `${run.loopDelay.p99.toFixed(0)} / ${run.loopDelay.max.toFixed(0)}`;

export async function benchListDispatch(): Promise<BenchResult> {
  const runs = await inPairs<Source>("list-dispatch", PAIRS, ["array", "list"], oneRun, ONLY);
  const array = middle(runs.array.map((run) => run.allQueued));
  const list = middle(runs.list.map((run) => run.allQueued));
  const floor = floorSeconds(ROWS);
  return {
    name: `dispatch ${fmt(ROWS)} SMS created from a stored list${NOTE ? " (with a long unused column)" : ""} vs from an array`,
    figures: {
      "floor (s)": fmt(floor, 2),
      "array, one text: create → all QUEUED (s)": perRun(runs.array, (run) => run.allQueued),
      "list, {{name}}: create → all QUEUED (s)": perRun(runs.list, (run) => run.allQueued),
      [`list ÷ array, medians (target ≤ ${TARGET.toFixed(2)})`]: fmt(list / array, 3),
      "array ÷ floor / list ÷ floor": `${fmt(array / floor, 3)} / ${fmt(list / floor, 3)}`,
      "array: first QUEUED after create (s)": perRun(runs.array, (run) => run.firstQueued),
      "list: first QUEUED after create (s)": perRun(runs.list, (run) => run.firstQueued),
      "array: create returned after (s)": perRun(runs.array, (run) => run.stored),
      "list: create returned after (s)": perRun(runs.list, (run) => run.stored),
      "event-loop delay p99 / max, array (ms)": runs.array.map(loopDelay).join(", "),
      "event-loop delay p99 / max, list (ms)": runs.list.map(loopDelay).join(", "),
      "array: sent": runs.array.map((run) => exactlyOnce(run, ROWS)).join("; "),
      "list: sent": runs.list.map((run) => exactlyOnce(run, ROWS)).join("; "),
    },
  };
}

runAlone(import.meta.url, benchListDispatch);
