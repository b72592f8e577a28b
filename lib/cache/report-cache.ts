// Aggregates that read a whole batch (or many receipts) are computed at most once per key and time-to-live in this
// process, however many pages poll them: callers arriving while one computation runs share it (single flight).
// A cache, not a source of truth: each web process has its own, and a stale entry only delays a figure by its TTL.
import "server-only";

type Entry<T> = { value?: T; expires: number; running?: Promise<T> };

const MAX_ENTRIES = 500;
const globalForCache = globalThis as unknown as { tumaReportCache?: Map<string, Entry<unknown>> };

function entries(): Map<string, Entry<unknown>> {
  globalForCache.tumaReportCache ??= new Map();
  return globalForCache.tumaReportCache;
}

/** The cached value of `key` if younger than its TTL, else `compute()`'s (once, shared by concurrent callers). */
export async function cached<T>(key: string, ttlMs: (value: T) => number, compute: () => Promise<T>): Promise<T> {
  const map = entries();
  const entry = map.get(key) as Entry<T> | undefined;
  if (entry?.value !== undefined && entry.expires > Date.now()) return entry.value;
  if (entry?.running) return entry.running;
  const running = compute().then(
    (value) => {
      map.delete(key); // re-inserted last: the map's order is the eviction order
      map.set(key, { value, expires: Date.now() + ttlMs(value) });
      while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
      return value;
    },
    (error: unknown) => {
      map.delete(key);
      throw error;
    },
  );
  map.set(key, { ...(entry ?? {}), expires: entry?.expires ?? 0, running });
  return running;
}

/** Drops a key, so that the next read computes it again (after a change this process made). */
export function forget(key: string): void {
  entries().delete(key);
}
