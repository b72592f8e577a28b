// Each person in their own language, at scale (issue 39, docs/languages.md): storing and dispatching a batch from a
// stored 100,000-row list with two texts (a default and a Kiswahili variant chosen by the list's `language` column,
// half each) must cost within 5 % of the same list with one text. Both sides read the same generated list (with the
// language column), render {{name}} per row and send now with the worker running (timed-dispatch.ts), each on a fresh
// database; pairs alternate which goes first. The variant side also makes the language pass over the list before
// storing (lib/batches/list-languages.ts) — that pass is what the target weighs.
// Run: npx tsx --conditions=react-server bench/list-variants.ts   (or BENCH_ONLY=list-variants npm run bench)
// BENCH_LIST_VARIANTS_ROWS=100000; BENCH_LIST_VARIANTS_RUNS=3 pairs.
import { fmt, seedAccount, withBenchEnv } from "./bench-env";
import { generateList } from "./generated-list";
import { runAlone } from "./run-alone";
import { inPairs, perRun, exactlyOnce, floorSeconds, timeDispatch, type TimedDispatch } from "./timed-dispatch";
import { middle } from "./timed-runs";
import type { BenchResult } from "./types";

const ROWS = Number(process.env.BENCH_LIST_VARIANTS_ROWS ?? 100_000);
const PAIRS = Number(process.env.BENCH_LIST_VARIANTS_RUNS ?? 3);
const TARGET = 1.05;
const DEFAULT_TEXT = "Hello {{name}}, welcome to Tuma.";
const SWAHILI = "Habari {{name}}, karibu Tuma.";

type Side = "one" | "two";

async function oneRun(side: Side): Promise<TimedDispatch> {
  return withBenchEnv(async (env) => {
    const { accountId, userId } = await seedAccount(env);
    const list = await generateList(ROWS, { settle: true, language: true });
    const { createBatchFromList } = await import("../lib/batches/create-from-list");
    const settings = { kind: "SMS" as const, accountId, authorId: userId, name: `bench ${side}`, sender: "TUMA" };
    return await timeDispatch(env, ROWS, () =>
      side === "one"
        ? createBatchFromList({ ...settings, templateText: SWAHILI, listId: list.id })
        : createBatchFromList({
            ...settings,
            templateText: DEFAULT_TEXT,
            variants: [{ language: "sw", text: SWAHILI }],
            languageColumn: "language",
            listId: list.id,
          }),
    );
  });
}

export async function benchListVariants(): Promise<BenchResult> {
  const runs = await inPairs<Side>("list-variants", PAIRS, ["one", "two"], oneRun);
  const ratio = (pick: (run: TimedDispatch) => number) => middle(runs.two.map(pick)) / middle(runs.one.map(pick));
  return {
    name: `a ${fmt(ROWS)}-row list batch in two languages vs one text`,
    figures: {
      "floor (s)": fmt(floorSeconds(ROWS), 2),
      "one text: create returned after (s)": perRun(runs.one, (run) => run.stored),
      "two texts: create returned after (s)": perRun(runs.two, (run) => run.stored),
      [`storing, two ÷ one, medians (target ≤ ${TARGET.toFixed(2)})`]: fmt(
        ratio((run) => run.stored),
        3,
      ),
      "one text: create → all QUEUED (s)": perRun(runs.one, (run) => run.allQueued),
      "two texts: create → all QUEUED (s)": perRun(runs.two, (run) => run.allQueued),
      [`dispatch, two ÷ one, medians (target ≤ ${TARGET.toFixed(2)})`]: fmt(
        ratio((run) => run.allQueued),
        3,
      ),
      "one text: sent": runs.one.map((run) => exactlyOnce(run, ROWS)).join("; "),
      "two texts: sent": runs.two.map((run) => exactlyOnce(run, ROWS)).join("; "),
    },
  };
}

runAlone(import.meta.url, benchListVariants);
