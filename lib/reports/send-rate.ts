// The send rate and time left of a sending batch, from samples of its "sent" count taken as its page polls the
// counters (components/batches/use-send-rate.ts). Pure, so it is tested without a browser. Safe in the browser.
import { STATE_COUNTERS, type BatchCounters } from "@/lib/batches/counters";
import { SENT_STATES } from "@/lib/states/states";

export type RateSample = { at: number; sent: number };

/** Samples older than this are dropped: the rate is the recent one, not the average since the start. */
export const RATE_WINDOW_MS = 30_000;
/** Below this span between the first and last sample, there is no rate yet. */
const MIN_SPAN_MS = 1_500;

export function sentOf(batch: BatchCounters): number {
  return STATE_COUNTERS.filter((c) => (SENT_STATES as readonly string[]).includes(c.state)).reduce(
    (sum, c) => sum + batch[c.field],
    0,
  );
}

export function addSample(samples: RateSample[], sample: RateSample): RateSample[] {
  return [...samples.filter((s) => s.at > sample.at - RATE_WINDOW_MS && s.at < sample.at), sample];
}

/** Messages per second over the samples, or null while there is not enough to tell. */
export function ratePerSecond(samples: RateSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < MIN_SPAN_MS) return null;
  return (Math.max(0, last.sent - first.sent) * 1000) / (last.at - first.at);
}

/** Seconds until `pending` are sent at `perSecond`, or null when nothing is moving. */
export function etaSeconds(pending: number, perSecond: number | null): number | null {
  return perSecond && perSecond > 0 ? pending / perSecond : null;
}
