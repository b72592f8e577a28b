// The durable job queue (pg-boss, in the `pgboss` schema of our database). Batches are started by a job, so a
// scheduled batch starts at its time even if no process was running then (late, never twice: starting is a state
// transition that only one job run can make).
import "server-only";
import PgBoss from "pg-boss";
import type pg from "pg";
import { poolSize } from "@/lib/db/connection-budget";
import { POOL_IDLE_TIMEOUT_MILLIS, poolTimeoutMillis } from "@/lib/db/pool-timeout";
import { sessionSetup } from "@/lib/db/session-zone";
import { databaseUrl } from "@/lib/db/url";
import { logger } from "@/lib/log";

export const START_BATCH = "batch-start";
export type StartBatchJob = { batchId: string };
/** A large batch's weeks analysed after it is stored (lib/history/partitions.ts analyzeBatchWeeks), by a worker. */
export const ANALYZE_BATCH_WEEKS = "batch-weeks-analyze";
export type AnalyzeBatchWeeksJob = { batchId: string };

const globalForBoss = globalThis as unknown as { tumaBoss?: Promise<PgBoss> };

/** This process's pg-boss, started once. Web processes only send; workers also run its maintenance. */
export function boss(options: { supervise?: boolean } = {}): Promise<PgBoss> {
  globalForBoss.tumaBoss ??= (async () => {
    // pg-boss hands its options to pg's Pool, whose acquisition timeout and startup options (a UTC session:
    // lib/db/session-zone.ts) its types do not list.
    const settings: PgBoss.ConstructorOptions &
      Pick<pg.PoolConfig, "connectionTimeoutMillis" | "idleTimeoutMillis" | "options" | "onConnect"> = {
      connectionString: databaseUrl(),
      max: poolSize("jobs"),
      connectionTimeoutMillis: poolTimeoutMillis(),
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MILLIS,
      supervise: options.supervise ?? false,
      schedule: false,
      application_name: "tuma-jobs",
      ...sessionSetup(),
    };
    const instance = new PgBoss(settings);
    instance.on("error", (error: Error) => logger().error({ err: error }, "job queue error"));
    await instance.start();
    await instance.createQueue(START_BATCH, { name: START_BATCH, retryLimit: 10, retryDelay: 5, retryBackoff: true });
    await instance.createQueue(ANALYZE_BATCH_WEEKS, { name: ANALYZE_BATCH_WEEKS, retryLimit: 2, retryDelay: 30 });
    return instance;
  })();
  return globalForBoss.tumaBoss;
}

/** Enqueues the start of a batch inside the caller's transaction, so batch and job commit (or vanish) together. */
export async function enqueueBatchStart(
  client: pg.PoolClient,
  batchId: string,
  startAfter?: Date | null,
): Promise<void> {
  const queue = await boss();
  await queue.send(START_BATCH, { batchId } satisfies StartBatchJob, {
    singletonKey: batchId,
    ...(startAfter ? { startAfter } : {}),
    db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
  });
}

/**
 * Asks a worker to refresh the statistics of the weeks a large batch was stored in. Statistics only steer the
 * planner, so this is not part of storing: the operator's answer does not wait for an ANALYZE (1.5–2.4 s measured on a
 * loaded machine for one week of 100,000 rows, docs/partitioning.md).
 */
export async function enqueueBatchWeeksAnalysis(batchId: string): Promise<void> {
  const queue = await boss();
  await queue.send(ANALYZE_BATCH_WEEKS, { batchId } satisfies AnalyzeBatchWeeksJob, { singletonKey: batchId });
}

export async function stopBoss(): Promise<void> {
  const pending = globalForBoss.tumaBoss;
  globalForBoss.tumaBoss = undefined;
  if (pending) await (await pending).stop({ graceful: true, timeout: 5000 }).catch(() => {});
}
