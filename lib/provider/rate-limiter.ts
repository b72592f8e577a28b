/**
 * Pacing of provider requests. The client only needs `acquire()`, so a cross-process limiter (e.g. one backed
 * by Postgres, for several workers sharing one account) can replace the in-process token bucket.
 */
export interface RateLimiter {
  /** Resolves when one request may be sent now. */
  acquire(): Promise<void>;
}

export interface TokenBucketOptions {
  /** Tokens added per second (requests per second). */
  ratePerSecond: number;
  /**
   * Bucket size. The default 1 spaces requests evenly (1/rate apart), so no 1-second window, wherever it
   * starts, holds more than `rate` requests: a provider counting with a sliding window never sees a burst.
   * A larger burst lets idle time be spent in one go, which a sliding-window provider answers with 429.
   */
  burst?: number;
  /** Injectable clock for tests; milliseconds, monotonic. */
  now?: () => number;
}

/**
 * An in-process token bucket, shared by every client constructed with it. Waiters are served in FIFO order
 * by a single timer, so thousands of concurrent `acquire()` calls cost one timer, not thousands.
 */
export class TokenBucket implements RateLimiter {
  readonly ratePerSecond: number;
  readonly burst: number;
  private readonly now: () => number;
  private tokens: number;
  private updatedAt: number;
  private readonly waiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError("ratePerSecond must be positive");
    this.ratePerSecond = options.ratePerSecond;
    this.burst = Math.max(1, options.burst ?? 1);
    this.now = options.now ?? (() => performance.now());
    this.tokens = this.burst;
    this.updatedAt = this.now();
  }

  acquire(): Promise<void> {
    this.refill();
    if (this.waiters.length === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      this.schedule();
    });
  }

  /** Number of callers currently waiting for a token. */
  get pending(): number {
    return this.waiters.length;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) * this.ratePerSecond) / 1000);
    this.updatedAt = now;
  }

  private schedule(): void {
    if (this.timer) return;
    const missing = 1 - this.tokens;
    const waitMs = missing <= 0 ? 0 : (missing * 1000) / this.ratePerSecond;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.drain();
    }, Math.ceil(waitMs));
  }

  private drain(): void {
    this.refill();
    while (this.waiters.length > 0 && this.tokens >= 1) {
      this.tokens -= 1;
      this.waiters.shift()?.();
    }
    if (this.waiters.length > 0) this.schedule();
  }
}
