// The provider's request rate, enforced across every worker process: a GCRA over one row per account. Each acquire
// reserves the next free send slot in one UPDATE (no polling, no lost slots to contention) and sleeps until it.
// Pacing evenly at `requestsPerSecond × SAFETY` keeps every sliding 1-second window under the provider's limit even
// when network and scheduling jitter bunch requests up a little on the way.
import "server-only";
import type { RateLimiter } from "@/lib/provider/rate-limiter";
import { pool } from "@/lib/db/pool";

/** Fraction of the account's limit we pace at: measured headroom for jitter between slot and arrival. */
export const RATE_SAFETY = 0.95;

export class SharedRateLimiter implements RateLimiter {
  private readonly intervalMicros: number;

  constructor(
    private readonly accountId: string,
    requestsPerSecond: number,
  ) {
    this.intervalMicros = Math.ceil(1_000_000 / (requestsPerSecond * RATE_SAFETY));
  }

  async acquire(): Promise<void> {
    const { rows } = await pool().query<{ wait_ms: number }>(
      `INSERT INTO "RateLimit" ("accountId", "nextSlot") VALUES ($1, clock_timestamp() + make_interval(secs => $2 / 1e6))
       ON CONFLICT ("accountId") DO UPDATE
         SET "nextSlot" = GREATEST("RateLimit"."nextSlot", clock_timestamp()) + make_interval(secs => $2 / 1e6)
       RETURNING GREATEST(0, EXTRACT(EPOCH FROM ("nextSlot" - make_interval(secs => $2 / 1e6) - clock_timestamp())) * 1000)::float8 AS wait_ms`,
      [this.accountId, this.intervalMicros],
    );
    const wait = rows[0]?.wait_ms ?? 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** After a 429: no process sends for this account before `ms` from now. */
  async holdOff(ms: number): Promise<void> {
    await pool().query(
      `UPDATE "RateLimit" SET "nextSlot" = GREATEST("nextSlot", clock_timestamp() + make_interval(secs => $2 / 1e3)) WHERE "accountId" = $1`,
      [this.accountId, ms],
    );
  }
}
