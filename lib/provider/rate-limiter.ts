/**
 * Pacing of provider requests. The client only needs `acquire()`, so a cross-process limiter (e.g. one backed
 * by Postgres, for several workers sharing one account) can replace the in-process token bucket.
 */

/** Called by the client when the request that took the slot has finished (answered or failed). */
export type SlotDone = () => void;

export interface RateLimiter {
  /**
   * Resolves when one request may be sent now. A limiter may return a callback; the client calls it when
   * the request completes, which lets the limiter know the latest moment the provider could have counted it.
   */
  acquire(): Promise<void | SlotDone>;
}

export interface TokenBucketOptions {
  /** Requests per second; the provider allows 120. */
  ratePerSecond: number;
  /**
   * Bucket size. The default 1 spaces requests evenly (1/rate apart); a larger bucket lets idle time be spent
   * in a burst, which the sliding-window guard below still caps at `rate` per window.
   */
  burst?: number;
  /** Milliseconds added to every 1-second window, for clock granularity. Default 10. */
  safetyMarginMs?: number;
  /**
   * How long a slot whose request has not reported completion (its `done` callback) keeps counting as
   * "maybe not yet counted by the provider". Default 30 s, the client's default timeout. Callers of
   * `acquire()` other than the client must call `done` as well, or they are held to this.
   */
  holdUntilDoneMs?: number;
  /** Injectable monotonic clock (milliseconds) for tests. */
  now?: () => number;
}

/**
 * An in-process token bucket shared by every client constructed with it.
 *
 * Two rules, both must allow a request:
 * 1. The bucket, in its "virtual scheduling" form (GCRA): each release books the next slot one interval
 *    later, so a timer that fires late releases the overdue slots instead of losing them.
 * 2. A sliding-window guard for the provider's actual rule, at most `rate` requests in any second *as the
 *    provider counts them*, i.e. by arrival. Arrival is later than our release by a variable delay (a cold
 *    process, a busy event loop, the network), so two requests released 1,000 ms apart can arrive 960 ms
 *    apart and the second is refused. The provider counted a request no later than we saw its answer, so a
 *    slot is dated by the request's completion once known (release time until then), and a new request goes
 *    only when fewer than `rate` slots fall in the last second.
 * Waiters are served FIFO by one timer, so thousands of pending `acquire()` calls cost one timer.
 */
export class TokenBucket implements RateLimiter {
  readonly ratePerSecond: number;
  readonly burst: number;
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  /** Theoretical arrival time of the next request (GCRA). */
  private tat = Number.NEGATIVE_INFINITY;
  /** The last `rate` slots: when each request was (at the latest) counted by the provider. */
  private readonly slots: Float64Array;
  /** 1 while the slot's request is in flight: then `slots` holds its release time. */
  private readonly inFlight: Uint8Array;
  private readonly holdMs: number;
  /** Bumped when a slot is reused, so a late completion cannot re-date its successor. */
  private readonly generations: Uint32Array;
  private readonly waiters: Array<{ resolve: (done: SlotDone) => void; since: number }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError("ratePerSecond must be positive");
    const margin = Math.max(0, options.safetyMarginMs ?? 10);
    this.ratePerSecond = options.ratePerSecond;
    this.burst = Math.max(1, Math.floor(options.burst ?? 1));
    this.windowMs = 1000 + margin;
    this.intervalMs = this.windowMs / options.ratePerSecond;
    this.toleranceMs = (this.burst - 1) * this.intervalMs;
    const size = Math.max(0, Math.floor(options.ratePerSecond));
    this.slots = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
    this.generations = new Uint32Array(size);
    this.inFlight = new Uint8Array(size);
    this.holdMs = Math.max(0, options.holdUntilDoneMs ?? 30_000);
    this.now = options.now ?? (() => performance.now());
  }

  acquire(): Promise<SlotDone> {
    const now = this.now();
    if (this.waiters.length === 0 && this.earliest() <= now) return Promise.resolve(this.release(now, now));
    return new Promise<SlotDone>((resolve) => {
      this.waiters.push({ resolve, since: now });
      this.schedule();
    });
  }

  /** Callers currently waiting for a slot. */
  get pending(): number {
    return this.waiters.length;
  }

  /** Earliest time the next request may go, by both rules. */
  private earliest(): number {
    const bucket = this.tat - this.toleranceMs;
    if (this.slots.length === 0) return bucket;
    return Math.max(bucket, this.oldestSlot().time + this.windowMs);
  }

  private oldestSlot(): { index: number; time: number } {
    let index = 0;
    let time = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.slots.length; i++) {
      const t = (this.slots[i] ?? 0) + (this.inFlight[i] ? this.holdMs : 0);
      if (t < time) {
        time = t;
        index = i;
      }
    }
    return { index, time };
  }

  /**
   * Books the next slot. A waiter is booked from when it started waiting, not from when the timer woke up:
   * a late timer then releases the overdue slots together instead of losing them.
   */
  private release(now: number, since: number): SlotDone {
    this.tat = Math.max(this.tat, since) + this.intervalMs;
    if (this.slots.length === 0) return () => {};
    const { index } = this.oldestSlot();
    this.slots[index] = now;
    this.inFlight[index] = 1;
    const generation = (this.generations[index] = ((this.generations[index] ?? 0) + 1) >>> 0);
    return () => {
      if (this.generations[index] !== generation || !this.inFlight[index]) return;
      this.inFlight[index] = 0;
      this.slots[index] = Math.max(this.slots[index] ?? 0, this.now());
      // The slot is now dated, possibly earlier than the hold assumed: a waiter may be able to go sooner.
      if (this.waiters.length > 0) this.reschedule();
    };
  }

  private reschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.earliest() - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.drain();
    }, Math.ceil(wait));
  }

  private drain(): void {
    while (this.waiters.length > 0 && this.earliest() <= this.now()) {
      const waiter = this.waiters.shift();
      if (!waiter) break;
      waiter.resolve(this.release(this.now(), waiter.since));
    }
    if (this.waiters.length > 0) this.schedule();
  }
}

/** A limiter that never waits (benchmarks of the sandbox's own ceiling, tests). */
export const unlimited: RateLimiter = { acquire: () => Promise.resolve() };
