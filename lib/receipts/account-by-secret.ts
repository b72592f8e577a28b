// The receipt URL's secret → its provider account, cached briefly: the provider may call thousands of times a
// second, and an account's secret is set when the account is created and never changes (there is no rotation yet;
// when there is, the 30 s cache is how long an old secret keeps working). A wrong secret is remembered for 2 s only.
import "server-only";
import { pool } from "@/lib/db/pool";

const TTL_MS = 30_000;
const cache = new Map<string, { accountId: string | null; expires: number }>();

export async function accountIdBySecret(secret: string): Promise<string | null> {
  const now = Date.now();
  const hit = cache.get(secret);
  if (hit && hit.expires > now) return hit.accountId;
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM "ProviderAccount" WHERE "receiptSecret" = $1`, [
    secret,
  ]);
  const accountId = rows[0]?.id ?? null;
  if (cache.size > 10_000) cache.clear(); // wrong secrets must not grow the cache without bound
  cache.set(secret, { accountId, expires: now + (accountId ? TTL_MS : 2_000) });
  return accountId;
}
