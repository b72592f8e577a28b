/**
 * The sandbox's request-rate rule: at most `limit` accepted requests in any 1-second window (spec 8,
 * 120 requests/s). A ring of the last `limit` acceptance times answers "is the oldest one more than a
 * second old?" in O(1). Refused requests are not counted, like Laravel's throttle middleware.
 */
export type WindowDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number };

export class SlidingWindow {
  private times: Float64Array;
  private head = 0;
  private filled = 0;

  constructor(
    private limit: number,
    private readonly windowMs = 1000,
  ) {
    this.times = new Float64Array(Math.max(0, Math.floor(limit)));
  }

  setLimit(limit: number): void {
    if (Math.floor(limit) === this.times.length) return;
    this.limit = limit;
    this.times = new Float64Array(Math.max(0, Math.floor(limit)));
    this.reset();
  }

  reset(): void {
    this.head = 0;
    this.filled = 0;
  }

  /** Records `now` when allowed. A limit of 0 means unlimited. */
  take(now: number): WindowDecision {
    const size = this.times.length;
    if (this.limit <= 0 || size === 0) return { allowed: true, remaining: Number.POSITIVE_INFINITY };
    if (this.filled === size) {
      const oldest = this.times[this.head] ?? 0;
      const age = now - oldest;
      if (age < this.windowMs) return { allowed: false, retryAfterMs: this.windowMs - age };
    }
    this.times[this.head] = now;
    this.head = (this.head + 1) % size;
    this.filled = Math.min(this.filled + 1, size);
    return { allowed: true, remaining: this.countRemaining(now) };
  }

  private countRemaining(now: number): number {
    // Cheap upper bound good enough for the X-RateLimit-Remaining header: free slots plus expired ones.
    if (this.filled < this.times.length) return this.times.length - this.filled;
    const oldest = this.times[this.head] ?? 0;
    return now - oldest >= this.windowMs ? 1 : 0;
  }
}
