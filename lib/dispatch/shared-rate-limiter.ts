// The provider's request rate, enforced across every worker process: a GCRA over one row per account. One UPDATE
// reserves the next BLOCK send slots (exact times, evenly spaced); this process hands them out and each caller
// sleeps until its slot. Pacing at `requestsPerSecond × SAFETY` keeps every sliding 1-second window under the
// provider's limit even when network and scheduling jitter bunch requests up a little on the way.
import "server-only";
import { relaxedPool } from "@/lib/db/pool";

/** Fraction of the account's limit we pace at: headroom for jitter between slot and arrival. */
export const RATE_SAFETY = 0.95;
/** Slots reserved per round trip. A worker that dies wastes at most this many slots, never exceeds the rate. */
const BLOCK = 8;
/**
 * A slot is good only this close to its time. One used later (the event loop was busy, a claim was slow) would
 * bunch up with the next ones and could overrun a 1-second window at the provider; late slots are dropped instead.
 * At RATE_SAFETY 0.95 of 120/s, a window can then see at most (1000 + 30) / 8.77 + 1 ≈ 118 requests.
 */
export const SLOT_TOLERANCE_MS = 30;
/** How long before its slot a caller gets it: time to claim a chunk (a few ms) so the request leaves on time. */
const LEAD_MS = 30;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class SharedRateLimiter {
  private readonly intervalMs: number;
  private slots: number[] = [];
  private reserving: Promise<void> | null = null;

  constructor(
    private readonly accountId: string,
    requestsPerSecond: number,
  ) {
    this.intervalMs = 1000 / (requestsPerSecond * RATE_SAFETY);
  }

  /**
   * The next send slot of this account (a time on this process's clock), returned LEAD_MS before it comes, so the
   * caller can claim its chunk and then send on time with sendAt().
   */
  async next(): Promise<number> {
    for (;;) {
      while (this.slots.length === 0) {
        this.reserving ??= this.reserve().finally(() => (this.reserving = null));
        await this.reserving;
      }
      const slot = this.slots.shift()!;
      const early = slot - LEAD_MS - Date.now();
      if (early < -LEAD_MS - SLOT_TOLERANCE_MS) continue; // missed while the process was busy: drop it
      if (early > 0) await sleep(early);
      return slot;
    }
  }

  /** Waits until `slot`; false if it has already passed by more than the tolerance (then take another). */
  static async sendAt(slot: number): Promise<boolean> {
    const wait = slot - Date.now();
    if (wait > 0) await sleep(wait);
    return Date.now() - slot <= SLOT_TOLERANCE_MS;
  }

  /** After a 429: no process sends for this account before `ms` from now; slots already reserved are dropped. */
  async holdOff(ms: number): Promise<void> {
    this.slots = [];
    await relaxedPool().query(
      `UPDATE "RateLimit" SET "nextSlot" = GREATEST("nextSlot", clock_timestamp() + make_interval(secs => $2 / 1e3)) WHERE "accountId" = $1`,
      [this.accountId, ms],
    );
  }

  private async reserve(): Promise<void> {
    const span = (BLOCK * this.intervalMs) / 1000;
    // The database's clock decides the slots (so every process agrees); they come back as offsets from now,
    // which this process maps onto its own clock.
    const { rows } = await relaxedPool().query<{ start_in_ms: number }>(
      `INSERT INTO "RateLimit" ("accountId", "nextSlot") VALUES ($1, clock_timestamp() + make_interval(secs => $2))
       ON CONFLICT ("accountId") DO UPDATE
         SET "nextSlot" = GREATEST("RateLimit"."nextSlot", clock_timestamp()) + make_interval(secs => $2)
       RETURNING EXTRACT(EPOCH FROM ("nextSlot" - make_interval(secs => $2) - clock_timestamp())) * 1000 AS start_in_ms`,
      [this.accountId, span],
    );
    const start = Date.now() + Math.max(0, Number(rows[0]?.start_in_ms ?? 0));
    for (let i = 0; i < BLOCK; i++) this.slots.push(start + i * this.intervalMs);
  }
}
