// Every pool of a process (lib/db/pool.ts, Prisma's in lib/db/client.ts, pg-boss's in lib/jobs/queue.ts) waits at
// most DATABASE_POOL_TIMEOUT_SECONDS for a free connection: a request that finds them all busy fails with a sentence
// (503) instead of queueing for as long as the pool stays full — without a timeout, pg's pools wait for ever.
import { env } from "@/lib/env";

export function poolTimeoutMillis(): number {
  return env().DATABASE_POOL_TIMEOUT_SECONDS * 1000;
}

export const DATABASE_BUSY = "Every database connection is busy; nothing was changed. Try again in a moment.";

/**
 * pg-pool's timeout, however it arrives (from pg directly, or wrapped by Prisma's adapter). pg-pool gives it no code:
 * its message is the only sign, matched here and nowhere else.
 */
export function isPoolTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e.message.includes("timeout exceeded when trying to connect")) return true;
  return false;
}
