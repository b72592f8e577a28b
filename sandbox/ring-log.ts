/**
 * An append-only log with a size limit, for the sandbox's message and request logs: a long-running sandbox
 * (npm start, benchmarks of millions of messages) must not grow without bound, while tests can still read
 * every entry by its sequence number and see how many were evicted.
 */
export class RingLog<T> {
  private entries: T[] = [];
  /** Sequence number of entries[0]. */
  private first = 0;

  constructor(private limit: number) {}

  get total(): number {
    return this.first + this.entries.length;
  }

  get evicted(): number {
    return this.first;
  }

  get size(): number {
    return this.entries.length;
  }

  setLimit(limit: number): void {
    this.limit = limit;
    this.trim();
  }

  push(entry: T): void {
    this.entries.push(entry);
    // Trim in chunks (10 % over the limit) so eviction costs O(1) amortised rather than a shift per push.
    if (this.entries.length > this.limit + Math.max(1, Math.floor(this.limit / 10))) this.trim();
  }

  /** Entries with sequence number >= `from`, at most `limit`, matching `filter`. */
  read(from = 0, limit = Number.POSITIVE_INFINITY, filter?: (entry: T) => boolean): { from: number; entries: T[] } {
    const start = Math.max(0, from - this.first);
    const out: T[] = [];
    for (let i = start; i < this.entries.length && out.length < limit; i++) {
      const entry = this.entries[i] as T;
      if (!filter || filter(entry)) out.push(entry);
    }
    return { from: this.first + start, entries: out };
  }

  clear(): void {
    this.entries = [];
    this.first = 0;
  }

  private trim(): void {
    const excess = this.entries.length - this.limit;
    if (excess <= 0) return;
    this.entries = this.entries.slice(excess);
    this.first += excess;
  }
}
