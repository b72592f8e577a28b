// Receipt delay (from a message's send to its final receipt) in buckets: DeliveryRollup counts final receipts per
// bucket (the migration rollup_functions_inlined computes the same buckets in SQL, tuma_delay_bucket, checked by a
// test), so a day's median delay is read from a small histogram instead of the messages. The median is therefore
// known to its bucket: "30 s – 1 min", not "42 s". Safe in the browser.
import { formatDuration } from "@/lib/numbers/format";

/** Lower bounds in seconds of buckets 1…16; bucket 0 is below 5 s, the last is two days or more. */
export const DELAY_BUCKET_BOUNDS = [
  5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 21_600, 43_200, 86_400, 172_800,
] as const;

/** The bucket of a delay, as tuma_delay_bucket computes it. */
export function delayBucket(seconds: number): number {
  let bucket = 0;
  while (bucket < DELAY_BUCKET_BOUNDS.length && Math.max(0, seconds) >= DELAY_BUCKET_BOUNDS[bucket]!) bucket++;
  return bucket;
}

/** "under 5 s", "30 s – 1 min", "2 days or more". */
export function delayBucketLabel(bucket: number): string {
  const lower = bucket === 0 ? null : DELAY_BUCKET_BOUNDS[bucket - 1];
  const upper = DELAY_BUCKET_BOUNDS[bucket];
  if (lower === undefined) return "unknown";
  if (lower === null) return `under ${formatDuration(upper!)}`;
  if (upper === undefined) return `${formatDuration(lower)} or more`;
  return `${formatDuration(lower)} – ${formatDuration(upper)}`;
}

/** The bucket holding the median of a histogram (bucket → count; bucket −1, delay unknown, is left out), or null. */
export function medianBucket(histogram: ReadonlyMap<number, number>): number | null {
  const known = [...histogram.entries()].filter(([bucket, n]) => bucket >= 0 && n > 0).sort((a, b) => a[0] - b[0]);
  const total = known.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [bucket, n] of known) {
    seen += n;
    if (seen * 2 >= total) return bucket;
  }
  return known.at(-1)![0];
}
