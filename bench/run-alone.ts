// Every benchmark also runs on its own (`npx tsx --conditions=react-server bench/<name>.ts`): this prints its figures
// as `npm run bench` does and exits, 1 on an error.
import { fileURLToPath } from "node:url";
import type { BenchResult } from "./types";

export function runAlone(moduleUrl: string, bench: () => Promise<BenchResult>): void {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  bench()
    .then(async (result) => {
      console.log(`\n== ${result.name}`);
      for (const [label, value] of Object.entries(result.figures)) console.log(`  ${label}: ${value}`);
      const { closePool } = await import("../lib/db/pool");
      await closePool();
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
