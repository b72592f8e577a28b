// `npm run bench`: every benchmark of docs/design.md §5, one after the other, each printing its figures and the ratio to
// its target. The dispatch benchmark runs three times (a 2-core machine is noisy): the median run's figures are
// shown, with all three totals. Results are recorded by hand in BENCHMARKS.md with this command.
// BENCH_ONLY=sandbox,dispatch,storing,dispatch-3-workers,dispatch-year,api-send,receipts,reports,export,operator-days,rollup-cost,import,
// list-batch,list-dispatch,list-variants,list-search,hostile,idle-memory,cost,partitions,webhooks,duplicate-guard,escalation,many-processes,number picks
// some of them.
import { forgetDatabase } from "./bench-env";
import { benchApiSend } from "./api-send";
import { benchDispatch, RETAINED_WEEKS } from "./dispatch";
import { benchDuplicateGuard } from "./duplicate-guard";
import { benchEscalation } from "./escalation";
import { benchExport } from "./export";
import { benchListBatch } from "./list-batch";
import { benchManyProcesses } from "./many-processes";
import { benchListDispatch } from "./list-dispatch";
import { benchListVariants } from "./list-variants";
import { benchListSearch } from "./list-search";
import { benchMessageCost } from "./message-cost";
import { benchHostile } from "./hostile";
import { benchIdleMemory } from "./idle-memory";
import { benchImport } from "./import";
import { benchOperatorDays } from "./operator-days";
import { benchNumber } from "./number";
import { benchPartitions } from "./partitions";
import { benchReceipts } from "./receipts";
import { benchReports } from "./reports";
import { benchRollupCost } from "./rollup-cost";
import { benchSandbox } from "./sandbox";
import { benchStoring } from "./storing";
import { printResult } from "./run-alone";
import { benchWebhooks } from "./webhooks";
import type { BenchResult } from "./types";

const DISPATCH_RUNS = 3;
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);

async function dispatchMedian(pastWeeks = 0): Promise<BenchResult> {
  const runs: { result: BenchResult; total: number }[] = [];
  for (let i = 0; i < DISPATCH_RUNS; i++) {
    await forgetDatabase();
    const result = await benchDispatch(1, pastWeeks);
    const total = Number(String(result.figures["create → all QUEUED (s)"]).replace(/,/g, ""));
    console.log(`dispatch run ${i + 1}/${DISPATCH_RUNS}: create → all QUEUED ${total} s`);
    runs.push({ result, total });
  }
  const median = [...runs].sort((a, b) => a.total - b.total)[Math.floor(runs.length / 2)]!;
  return {
    name: `${median.result.name} (median of ${DISPATCH_RUNS} runs)`,
    figures: {
      ...median.result.figures,
      "all runs: create → all QUEUED (s)": runs.map((r) => r.total.toFixed(2)).join(", "),
    },
  };
}

const results: BenchResult[] = [];
const failures: string[] = [];
const steps: [string, () => Promise<BenchResult>][] = [
  ["sandbox", benchSandbox],
  ["dispatch", dispatchMedian],
  ["storing", benchStoring],
  // The same batch shared by 3 workers (two of them `npm run worker` processes): the pace is the account's, so the
  // ratio to the floor should stay that of one worker (issue 18 item 2).
  ["dispatch-3-workers", () => benchDispatch(3)],
  ["dispatch-year", () => dispatchMedian(RETAINED_WEEKS)],
  ["api-send", benchApiSend],
  ["receipts", benchReceipts],
  ["reports", benchReports],
  ["export", benchExport],
  ["operator-days", benchOperatorDays],
  ["rollup-cost", benchRollupCost],
  ["import", benchImport],
  ["list-batch", benchListBatch],
  ["list-dispatch", benchListDispatch],
  ["list-variants", benchListVariants],
  ["list-search", benchListSearch],
  ["hostile", benchHostile],
  ["webhooks", benchWebhooks],
  ["idle-memory", benchIdleMemory],
  ["cost", benchMessageCost],
  ["partitions", benchPartitions],
  ["duplicate-guard", benchDuplicateGuard],
  ["escalation", benchEscalation],
  ["many-processes", benchManyProcesses],
  ["number", benchNumber],
];
for (const [name, step] of steps) {
  if (!wanted(name)) continue;
  try {
    await forgetDatabase();
    const result = await step();
    printResult(result);
    results.push(result);
  } catch (error) {
    failures.push(name);
    console.error(`\n${name} benchmark failed:`, error);
  }
}

console.log("\n==== summary");
for (const result of results) printResult(result);
if (failures.length) console.log(`\nfailed: ${failures.join(", ")}`);
// Benchmarks are measurements, not timed tests: a slow machine does not fail the run; a broken benchmark does.
process.exit(failures.length ? 1 : 0);
