// Every pool of a process (lib/db/pool.ts, Prisma's in lib/db/client.ts, pg-boss's in lib/jobs/queue.ts) waits at
// most DATABASE_POOL_TIMEOUT_SECONDS for a free connection: a request that finds them all busy fails with a sentence
// (503) instead of queueing for as long as the pool stays full — without a timeout, pg's pools wait for ever.
import { env } from "@/lib/env";

export function poolTimeoutMillis(): number {
  return env().DATABASE_POOL_TIMEOUT_SECONDS * 1000;
}

export const DATABASE_BUSY = "Every database connection is busy; nothing was changed. Try again in a moment.";

/**
 * The pool's bounded wait, however it arrives (from pg directly, or wrapped by Prisma's adapter): pg-pool's own
 * "timeout exceeded when trying to connect" (no connection came free in time) and pg's "Connection terminated due to
 * connection timeout" (the same bound met while opening a new connection — a database too busy to answer its
 * handshake). Neither has a code: their messages are the only sign, matched here and nowhere else.
 */
const POOL_TIMEOUT_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];

export function isPoolTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (POOL_TIMEOUT_MESSAGES.some((message) => e instanceof Error && e.message.includes(message))) return true;
  return false;
}

/**
 * pg's pools close a connection idle for 10 s by default and open another at the next rush; pg-pool forgets the
 * closing one before its socket has closed, so for a moment both are open and a process can hold more than its share
 * of the budget. (The "12 connections on a budget of 10" once seen by lib/dispatch/many-workers.alone.test.ts may instead
 * have been a socket listed twice by /proc/net/tcp, which test/process-connections.ts now ignores.) Idle connections
 * are kept instead (0: never closed for idleness): a process never holds more than its budget, which PostgreSQL must
 * have room for anyway (README, "Connections"; lib/bootstrap/connection-room.ts checks it at start).
 */
export const POOL_IDLE_TIMEOUT_MILLIS = 0;

/** Attempts in all for a write that must not be lost to a busy pool (retryOnPoolTimeout). */
export const POOL_TIMEOUT_ATTEMPTS = 3;

/**
 * Runs `work`, and runs it again (up to POOL_TIMEOUT_ATTEMPTS in all) when it failed only because no connection came
 * free within the pool's wait: for writing an outcome already known (a chunk's answer, a page of webhook attempts),
 * which lost would be redone — the chunk made UNKNOWN, the webhooks posted again. Any other error is thrown at once.
 */
export async function retryOnPoolTimeout<T>(work: () => Promise<T>, onRetry: (attempt: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= POOL_TIMEOUT_ATTEMPTS || !isPoolTimeout(error)) throw error;
      onRetry(attempt);
    }
  }
}
