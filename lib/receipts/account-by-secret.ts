// The receipt URL's secret → its provider account, cached: the provider may call thousands of times a second. An
// account's current secret is accepted, and after a rotation its previous one until the end of the overlap
// (rotate-receipt-secret.ts); a cached entry never outlives that end, and otherwise lasts 30 s (how long another
// process may go on accepting a secret whose overlap an administrator cut short).
// Two caches, so that wrong secrets cannot evict the right ones: found secrets (at most two per account: only a
// secret that is in the database gets in) and a bounded list of wrong ones (the oldest dropped first), which spares
// the database a provider still posting to a retired URL but costs a spray of random secrets one indexed lookup each.
import "server-only";
import { pool } from "@/lib/db/pool";

const FOUND_TTL_MS = 30_000;
const WRONG_TTL_MS = 2_000;
/** Wrong secrets remembered at once; more push out the oldest wrong ones, never a found one. */
export const WRONG_SECRETS_KEPT = 1_000;
/** Past this many found entries (rotations pile up old secrets), expired ones are swept. */
const FOUND_SWEEP_AT = 1_000;

// On globalThis: the web process carries this module twice (Next's bundle, where a rotation runs and forgets the
// secrets, and the web server's, which answers the callbacks: lib/receipts/receipt-callback.ts); one cache for both,
// so that ending an overlap now takes effect where the callbacks are answered.
const shared = globalThis as unknown as {
  tumaReceiptSecrets?: { found: Map<string, { accountId: string; expires: number }>; wrong: Map<string, number> };
};
const { found, wrong } = (shared.tumaReceiptSecrets ??= { found: new Map(), wrong: new Map() });

/** `now`: this process's clock for the cache (a parameter for tests); the database judges the overlap's end. */
export async function accountIdBySecret(secret: string, now = Date.now()): Promise<string | null> {
  const hit = found.get(secret);
  if (hit && hit.expires > now) return hit.accountId;
  const miss = wrong.get(secret);
  if (miss !== undefined && miss > now) return null;

  const { rows } = await pool().query<{ id: string; until: Date | null }>(
    `SELECT id, CASE WHEN "receiptSecret" = $1 THEN NULL ELSE "previousReceiptSecretUntil" END AS until
     FROM "ProviderAccount"
     WHERE "receiptSecret" = $1 OR ("previousReceiptSecret" = $1 AND "previousReceiptSecretUntil" > now())`,
    [secret],
  );
  const row = rows[0];
  if (!row) {
    wrong.delete(secret); // re-inserted below as the newest
    if (wrong.size >= WRONG_SECRETS_KEPT) wrong.delete(wrong.keys().next().value!);
    wrong.set(secret, now + WRONG_TTL_MS);
    return null;
  }
  if (found.size >= FOUND_SWEEP_AT) for (const [key, entry] of found) if (entry.expires <= now) found.delete(key);
  found.set(secret, { accountId: row.id, expires: Math.min(now + FOUND_TTL_MS, row.until?.getTime() ?? Infinity) });
  return row.id;
}

export function cachedSecrets(): { found: number; wrong: number } {
  return { found: found.size, wrong: wrong.size };
}

/** Forgets every cached answer of this process (after a rotation here, so that it takes effect here at once). */
export function forgetReceiptSecrets(): void {
  found.clear();
  wrong.clear();
}
