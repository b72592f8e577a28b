// Every benchmark also runs on its own (`npx tsx --conditions=react-server bench/<name>.ts`): this prints its figures
// as `npm run bench` does (printResult, the runner's too) and exits, 1 on an error.
import { fileURLToPath } from "node:url";
import type { BenchResult } from "./types";

export function printResult(result: BenchResult): void {
  console.log(`\n== ${result.name}`);
  const width = Math.max(...Object.keys(result.figures).map((k) => k.length));
  for (const [label, value] of Object.entries(result.figures)) console.log(`  ${label.padEnd(width)}  ${value}`);
}

export function runAlone(moduleUrl: string, bench: () => Promise<BenchResult>): void {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  bench()
    .then(async (result) => {
      printResult(result);
      const { closePool } = await import("../lib/db/pool");
      await closePool();
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
