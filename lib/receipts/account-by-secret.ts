// The receipt URL's secret → its provider account, cached briefly: the provider may call thousands of times a
// second and the mapping changes only when an administrator rotates a secret.
import "server-only";
import { pool } from "@/lib/db/pool";

const TTL_MS = 30_000;
const cache = new Map<string, { accountId: string | null; expires: number }>();

export async function accountIdBySecret(secret: string): Promise<string | null> {
  const now = Date.now();
  const hit = cache.get(secret);
  if (hit && hit.expires > now) return hit.accountId;
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM "ProviderAccount" WHERE "receiptSecret" = $1`, [secret]);
  const accountId = rows[0]?.id ?? null;
  if (cache.size > 10_000) cache.clear(); // wrong secrets must not grow the cache without bound
  cache.set(secret, { accountId, expires: now + (accountId ? TTL_MS : 2_000) });
  return accountId;
}
