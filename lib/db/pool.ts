// A plain pg pool for the set-based bulk statements (COPY, unnest) that Prisma is too slow for (docs/design.md §5).
import "server-only";
import pg from "pg";
import { type SessionSettings, sessionSetup } from "./session-zone";
import { databaseUrl } from "./url";
import { logger } from "@/lib/log";
import { type PoolName, poolSize } from "./connection-budget";
import { POOL_IDLE_TIMEOUT_MILLIS, poolTimeoutMillis } from "./pool-timeout";
import { watchPool } from "@/lib/metrics/pool-metrics";

const globalForPool = globalThis as unknown as {
  tumaPool?: pg.Pool;
  tumaRelaxedPool?: pg.Pool;
  tumaLockPool?: pg.Pool;
};

function createPool(name: PoolName, settings: SessionSettings = {}): pg.Pool {
  const created = new pg.Pool({
    connectionString: databaseUrl(),
    // Its share of the process's connection budget (lib/db/connection-budget.ts).
    max: poolSize(name),
    connectionTimeoutMillis: poolTimeoutMillis(),
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MILLIS,
    ...sessionSetup(settings),
  });
  // An idle connection dropped by the server (restart, failover) is replaced on next use; without a listener
  // that error would crash the process.
  created.on("error", (error) => logger().warn({ err: error }, "idle database connection lost"));
  watchPool(name, created); // its use, read when metrics are scraped (lib/metrics/pool-metrics.ts)
  return created;
}

export function pool(): pg.Pool {
  globalForPool.tumaPool ??= createPool("bulk");
  return globalForPool.tumaPool;
}

/**
 * Connections with synchronous_commit off: a commit returns before its WAL reaches disk, saving an fsync per
 * statement. Only for writes whose loss in a *database* crash is safe by construction — recording a provider
 * response (lost, the chunk stays SUBMITTING and recovery makes it UNKNOWN: never resent), applying receipts (the
 * receipt stays unapplied and is applied again), pacing reservations. Never for claims or for storing receipts,
 * which must be durable before anything acts on them.
 */
export function relaxedPool(): pg.Pool {
  globalForPool.tumaRelaxedPool ??= createPool("relaxed", { synchronous_commit: "off" });
  return globalForPool.tumaRelaxedPool;
}

/**
 * Sessions held across several transactions for a session advisory lock (a batch being stored:
 * lib/batches/create-batch.ts). Apart from the bulk pool, so that holders waiting for a bulk connection can never
 * hold all of them: a full lock pool only makes the next such session wait (then fail with the busy sentence).
 */
export function lockPool(): pg.Pool {
  globalForPool.tumaLockPool ??= createPool("locks");
  return globalForPool.tumaLockPool;
}

/** Closes the pools (end of a script, a benchmark or a test run). */
export async function closePool(): Promise<void> {
  const current = [globalForPool.tumaPool, globalForPool.tumaRelaxedPool, globalForPool.tumaLockPool];
  globalForPool.tumaPool = undefined;
  globalForPool.tumaRelaxedPool = undefined;
  globalForPool.tumaLockPool = undefined;
  await Promise.all(current.map((p) => p?.end()));
}
