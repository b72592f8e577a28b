// A plain pg pool for the set-based bulk statements (COPY, unnest) that Prisma is too slow for (DESIGN.md §9).
import "server-only";
import pg from "pg";
import { databaseUrl } from "./url";

const globalForPool = globalThis as unknown as { tumaPool?: pg.Pool };

export function pool(): pg.Pool {
  if (!globalForPool.tumaPool) {
    const created = new pg.Pool({ connectionString: databaseUrl(), max: 10 });
    // An idle connection dropped by the server (restart, failover) is replaced on next use; without a listener
    // that error would crash the process.
    created.on("error", (error) => console.error(`[db] idle connection lost: ${error.message}`));
    globalForPool.tumaPool = created;
  }
  return globalForPool.tumaPool;
}

/** Closes the pool (end of a script, a benchmark or a test run). */
export async function closePool(): Promise<void> {
  const current = globalForPool.tumaPool;
  globalForPool.tumaPool = undefined;
  await current?.end();
}
