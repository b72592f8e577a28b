/**
 * Pacing of provider requests. The client only needs `acquire()`; dispatch's limiter is the one shared by every
 * worker process through Postgres (lib/dispatch/shared-rate-limiter.ts), which hands each request its turn right
 * before the write (the client's per-call `acquire`). There is no in-process default: a client that paced itself
 * alone would not know about the other processes sending for the same account.
 */

/**
 * The fraction of an account's request rate Tuma sends at: headroom for the jitter between a send slot and the
 * request's arrival (the budget is in lib/dispatch/shared-rate-limiter.ts). The limiter paces at it and the planner
 * (lib/batches/plan.ts) estimates with it, in the browser too.
 */
export const PACE = 0.95;

/** Called by the client when the request that took the slot has finished (answered or failed). */
export type SlotDone = () => void;

export interface RateLimiter {
  /**
   * Resolves when one request may be sent now. A limiter may return a callback; the client calls it when
   * the request completes, which lets the limiter know the latest moment the provider could have counted it.
   */
  acquire(): Promise<void | SlotDone>;
}

/** A limiter that never waits: tests, load generators, and callers that take turns per call. */
export const unlimited: RateLimiter = { acquire: () => Promise.resolve() };
