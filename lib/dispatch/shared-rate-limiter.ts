// The provider's request rate, enforced across every worker process: a GCRA over one row per account. One UPDATE
// reserves the next BLOCK send slots (exact times on the database's clock, evenly spaced); this process maps them
// onto its own clock, hands them out, and each caller sleeps until its slot.
//
// The provider counts requests by arrival in a sliding second, so every source of compression between two slots
// and two arrivals eats into the headroom that pacing below the limit buys. The budget, at PACE (0.95) × 120/s:
//   a window of 1,000 ms holds 120 arrivals only if requests are squeezed by ≥ 119 × 8.77 − 1,000 ≈ 43 ms;
//   - mapping the database's slot times onto this process's clock: ≤ half the best round trip (≈ 1 ms), because the
//     offset between the clocks is estimated from the fastest of recent round trips, not from the latest one (a
//     reservation answered while this event loop was busy used to shift its whole block late, onto the next
//     block of another process);
//   - lateness of the write after its slot: ≤ SLOT_TOLERANCE_MS, checked right before the request is written;
//   - what is left (≈ 27 ms) is the network's and the provider's own jitter.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { relaxedPool } from "@/lib/db/pool";
import { PACE } from "@/lib/provider/rate-limiter";

/** Slots reserved per round trip. A worker that dies wastes at most this many slots, never exceeds the rate. */
const BLOCK = 8;
/**
 * A slot is good only this close to its time. One used later (the event loop was busy, a claim was slow) would
 * bunch up with the next ones and could overrun a 1-second window at the provider; late slots are dropped instead.
 */
export const SLOT_TOLERANCE_MS = 15;
/** How long before its slot a caller gets it: time to claim a chunk (a few ms) so the request leaves on time. */
const LEAD_MS = 30;
/** The clock offset is re-estimated from the round trips of this long; older ones are forgotten (clock drift). */
const OFFSET_MEMORY_MS = 30_000;

/** Epoch milliseconds with sub-millisecond precision, on this process's clock. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * database clock − local clock, NTP-style: a round trip that took `rtt` bounds the error of its sample by rtt / 2,
 * so the sample of the fastest recent round trip wins.
 */
export class ClockOffset {
  private best: { offset: number; rtt: number; at: number } | null = null;

  sample(sentAt: number, receivedAt: number, remoteNow: number): void {
    const rtt = receivedAt - sentAt;
    const candidate = { offset: remoteNow - (sentAt + receivedAt) / 2, rtt, at: receivedAt };
    if (!this.best || rtt <= this.best.rtt || receivedAt - this.best.at > OFFSET_MEMORY_MS) this.best = candidate;
  }

  /** Local time of a remote time. */
  toLocal(remoteTime: number): number {
    return remoteTime - (this.best?.offset ?? 0);
  }
}

export class SharedRateLimiter {
  private readonly intervalMs: number;
  private readonly clock = new ClockOffset();
  private slots: number[] = [];
  private reserving: Promise<void> | null = null;

  constructor(
    private readonly accountId: string,
    requestsPerSecond: number,
  ) {
    this.intervalMs = 1000 / (requestsPerSecond * PACE);
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
      const early = slot - LEAD_MS - preciseNow();
      if (early < -LEAD_MS - SLOT_TOLERANCE_MS) continue; // missed while the process was busy: drop it
      if (early > 0) await sleep(early);
      return slot;
    }
  }

  /** Waits until `slot`; false if it has already passed by more than the tolerance (then take another). */
  static async sendAt(slot: number): Promise<boolean> {
    const wait = slot - preciseNow();
    if (wait > 0) await sleep(wait);
    return preciseNow() - slot <= SLOT_TOLERANCE_MS;
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
    // The database's clock decides the slots, so every process agrees on them.
    const sentAt = preciseNow();
    const { rows } = await relaxedPool().query<{ start_ms: number; now_ms: number }>(
      `INSERT INTO "RateLimit" ("accountId", "nextSlot") VALUES ($1, clock_timestamp() + make_interval(secs => $2))
       ON CONFLICT ("accountId") DO UPDATE
         SET "nextSlot" = GREATEST("RateLimit"."nextSlot", clock_timestamp()) + make_interval(secs => $2)
       RETURNING EXTRACT(EPOCH FROM "nextSlot" - make_interval(secs => $2)) * 1000 AS start_ms,
                 EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS now_ms`,
      [this.accountId, span],
    );
    const receivedAt = preciseNow();
    const row = rows[0];
    if (!row) throw new Error(`No rate-limit row for account ${this.accountId}.`);
    this.clock.sample(sentAt, receivedAt, Number(row.now_ms));
    const start = this.clock.toLocal(Number(row.start_ms));
    for (let i = 0; i < BLOCK; i++) this.slots.push(start + i * this.intervalMs);
  }
}
