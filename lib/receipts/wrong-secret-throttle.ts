// Wrong receipt secrets, throttled per client address (issue 42, item 12): each address (an IPv6 one by its /64, as
// log-ins count: lib/client-address/client-address.ts) has a bucket of WRONG_BURST wrong secrets, refilled at
// REFILL_PER_SECOND; an empty bucket is answered 429 without looking the secret up at all, so a spray of guesses
// costs the database at most one lookup a second per address, and the web process a map entry (ADDRESSES_KEPT at
// most). A token is taken before the lookup (concurrent guesses cannot all pass an almost empty bucket) and given
// back when the secret was right.
// The right secret is never slowed: a secret found in the last RIGHT_KEPT_MS skips the bucket (the provider's
// address may also post to a retired URL, or share a proxy's address with a sprayer), and only secrets that are in
// the database enter that list. Its cost on the hot path is one map lookup.
// Concurrent checks of one secret share one lookup and one token: the provider posting a burst of receipts to a
// right secret that is not yet known (a fresh start, or after RIGHT_KEPT_MS of quiet) would otherwise spend the
// whole bucket on lookups still in flight and be answered 429 for valid receipts, which it may never post again
// (docs/messaging-api.md §6 does not show the provider's retry policy).
import "server-only";
import { throttleScope } from "@/lib/client-address/client-address";
import { accountIdBySecret } from "./account-by-secret";

export const WRONG_BURST = 20;
export const REFILL_PER_SECOND = 1;
const ADDRESSES_KEPT = 10_000;
const RIGHT_KEPT_MS = 10 * 60_000;
/** Past this many right secrets (rotations pile them up), expired ones are swept. */
const RIGHT_SWEEP_AT = 1_000;

type Bucket = { tokens: number; at: number };
const buckets = new Map<string, Bucket>();
const right = new Map<string, number>();
/** Lookups in flight by secret; an entry lives only while its query runs, so it is bounded by the buckets' tokens. */
const pending = new Map<string, Promise<SecretCheck>>();

export type SecretCheck = { accountId: string } | { wrong: true } | { throttled: number };

/** `client`: the caller's address, null when unknown (then no bucket); `now` for the tests' clock. */
export async function checkReceiptSecret(
  secret: string,
  client: string | null,
  now = Date.now(),
): Promise<SecretCheck> {
  const known = right.get(secret);
  if (client === null || (known !== undefined && known > now)) return lookUp(secret, now);
  const inFlight = pending.get(secret);
  if (inFlight) return inFlight;
  const bucket = bucketOf(throttleScope(client), now);
  if (bucket.tokens < 1) return { throttled: Math.ceil((1 - bucket.tokens) / REFILL_PER_SECOND) };
  bucket.tokens -= 1;
  const lookup = lookUp(secret, now).finally(() => pending.delete(secret));
  pending.set(secret, lookup);
  const found = await lookup;
  if ("accountId" in found) bucket.tokens = Math.min(WRONG_BURST, bucket.tokens + 1);
  return found;
}

async function lookUp(secret: string, now: number): Promise<SecretCheck> {
  const accountId = await accountIdBySecret(secret, now);
  if (!accountId) return { wrong: true };
  if (right.size >= RIGHT_SWEEP_AT) for (const [key, until] of right) if (until <= now) right.delete(key);
  right.set(secret, now + RIGHT_KEPT_MS);
  return { accountId };
}

function bucketOf(scope: string, now: number): Bucket {
  const bucket = buckets.get(scope);
  if (bucket) {
    // Never backwards: a clock that stepped back refills nothing.
    bucket.tokens = Math.min(WRONG_BURST, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * REFILL_PER_SECOND);
    bucket.at = Math.max(bucket.at, now);
    return bucket;
  }
  // A new address pushes out the one first seen longest ago: memory stays bounded whatever the spray.
  if (buckets.size >= ADDRESSES_KEPT) buckets.delete(buckets.keys().next().value!);
  const fresh = { tokens: WRONG_BURST, at: now };
  buckets.set(scope, fresh);
  return fresh;
}

/** Forgets every bucket and right secret (tests). */
export function forgetSecretThrottle(): void {
  buckets.clear();
  right.clear();
  pending.clear();
}
