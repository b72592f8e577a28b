import { SegmentedMessage } from "sms-segments-calculator";

/**
 * SMS units (segments) a text costs: 160 GSM-7 / 70 UCS-2 characters in one part, 153 / 67 per part when
 * concatenated. Counting is relatively expensive and bulk sends repeat the same text, so results are memoised.
 */

const CACHE_LIMIT = 10_000;
const cache = new Map<string, number>();

export function smsSegments(text: string): number {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const count = text === "" ? 1 : new SegmentedMessage(text, "auto").segmentsCount;
  // A plain Map cleared when full: templates repeat, so a precise LRU buys nothing here.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, count);
  return count;
}

export function smsEncoding(text: string): "GSM-7" | "UCS-2" {
  return new SegmentedMessage(text, "auto").encodingName;
}
