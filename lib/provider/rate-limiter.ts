/**
 * Pacing of provider requests. The client only needs `acquire()`, so a cross-process limiter (e.g. one backed
 * by Postgres, for several workers sharing one account) can replace the in-process token bucket.
 */
export interface RateLimiter {
  /** Resolves when one request may be sent now. */
  acquire(): Promise<void>;
}

export interface TokenBucketOptions {
  /** Requests per second; the provider allows 120. */
  ratePerSecond: number;
  /**
   * Bucket size. The default 1 spaces requests evenly (1/rate apart); a larger bucket lets idle time be spent
   * in a burst, which the sliding-window guard below still caps at `rate` per window.
   */
  burst?: number;
  /**
   * Extra milliseconds added to every 1-second window. The provider counts requests as they *arrive*; network
   * and event-loop jitter can bring two requests sent 1,000 ms apart within 999 ms of each other, and then the
   * 121st request of that second is refused. 20 ms costs 2 % of throughput and absorbs that jitter.
   */
  safetyMarginMs?: number;
  /** Injectable monotonic clock (milliseconds) for tests. */
  now?: () => number;
}

/**
 * An in-process token bucket shared by every client constructed with it.
 *
 * It is the bucket in its "virtual scheduling" form (GCRA): each release books the next slot one interval
 * later, so a timer that fires late does not lose throughput the way a refill-and-cap bucket does. A
 * sliding-window log of the last `rate` releases guards the provider's actual rule — at most `rate` requests
 * in any second — even when the event loop was blocked and several slots are released at once.
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
  /** Ring of the last `windowCount` release times; only used when the rate is at least 1/s. */
  private readonly recent: Float64Array;
  private recentHead = 0;
  private recentFilled = 0;
  private readonly waiters: Array<{ resolve: () => void; since: number }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError("ratePerSecond must be positive");
    const margin = Math.max(0, options.safetyMarginMs ?? 20);
    this.ratePerSecond = options.ratePerSecond;
    this.burst = Math.max(1, Math.floor(options.burst ?? 1));
    this.windowMs = 1000 + margin;
    this.intervalMs = this.windowMs / options.ratePerSecond;
    this.toleranceMs = (this.burst - 1) * this.intervalMs;
    this.recent = new Float64Array(Math.max(0, Math.floor(options.ratePerSecond)));
    this.now = options.now ?? (() => performance.now());
  }

  acquire(): Promise<void> {
    if (this.waiters.length === 0 && this.earliest() <= this.now()) {
      this.release(this.now());
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiters.push({ resolve, since: this.now() });
      this.schedule();
    });
  }

  /** Callers currently waiting for a slot. */
  get pending(): number {
    return this.waiters.length;
  }

  /** Earliest time the next request may go, by both the bucket and the window rule. */
  private earliest(): number {
    let at = this.tat - this.toleranceMs;
    if (this.recent.length > 0 && this.recentFilled === this.recent.length) {
      // The oldest of the last `rate` releases must have left the window.
      at = Math.max(at, (this.recent[this.recentHead] ?? 0) + this.windowMs);
    }
    return at;
  }

  /**
   * Books the next slot. A waiter is booked from when it started waiting, not from when the timer woke up:
   * a late timer then releases the overdue slots together instead of losing them.
   */
  private release(now: number, since = now): void {
    this.tat = Math.max(this.tat, since) + this.intervalMs;
    if (this.recent.length > 0) {
      this.recent[this.recentHead] = now;
      this.recentHead = (this.recentHead + 1) % this.recent.length;
      this.recentFilled = Math.min(this.recentFilled + 1, this.recent.length);
    }
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
      this.release(this.now(), waiter.since);
      waiter.resolve();
    }
    if (this.waiters.length > 0) this.schedule();
  }
}

/** A limiter that never waits (benchmarks of the sandbox's own ceiling, tests). */
export const unlimited: RateLimiter = { acquire: () => Promise.resolve() };
