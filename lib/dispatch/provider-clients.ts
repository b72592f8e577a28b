// One provider client per account and token version, with the token decrypted here and nowhere else, and the
// account's requests paced by the limiter shared by every worker process. Concurrent lanes asking at once share one
// creation: two limiters for one account in one process would each reserve slots and waste the other's.
import "server-only";
import { openAccountToken } from "@/lib/accounts/account-token";
import { pool } from "@/lib/db/pool";
import { createProviderClient, type ProviderClient } from "@/lib/provider/client";
import { unlimited } from "@/lib/provider/rate-limiter";
import type { ActiveBatch } from "./active-batch";
import { SharedRateLimiter } from "./shared-rate-limiter";

type Entry = { version: number; client: ProviderClient; limiter: SharedRateLimiter };
const clients = new Map<string, { version: number; timeoutMs: number; entry: Promise<Entry> }>();

export function clientFor(account: ActiveBatch["account"], timeoutMs: number): Promise<Entry> {
  const version = account.updatedAt.getTime();
  const cached = clients.get(account.id);
  if (cached && cached.version === version) return cached.entry;
  if (cached) retire(cached.entry, cached.timeoutMs);
  const entry = create(account, version, timeoutMs);
  clients.set(account.id, { version, timeoutMs, entry });
  entry.catch(() => clients.delete(account.id)); // a failed creation is retried by the next caller
  return entry;
}

/**
 * After the provider refused the account's token (401): the next request builds its client again, reading the token
 * from the database. Without this, a lane holding a batch it took before the pause could — once the operator has
 * saved the new token and resumed — send with the old one through the cached client, and pause the batch again.
 */
export function forgetClient(accountId: string): void {
  const cached = clients.get(accountId);
  if (!cached) return;
  clients.delete(accountId);
  retire(cached.entry, cached.timeoutMs);
}

/** Closes a client once the requests still in flight on it have answered or timed out: closing it at once would cut
 * them off, and a request cut off after it was sent leaves its messages UNKNOWN. */
function retire(entry: Promise<Entry>, timeoutMs: number): void {
  void entry.then((old) => setTimeout(() => old.client.close(), timeoutMs + 1_000).unref()).catch(() => {});
}

async function create(account: ActiveBatch["account"], version: number, timeoutMs: number): Promise<Entry> {
  const { rows } = await pool().query<{ tokenCiphertext: string }>(
    `SELECT "tokenCiphertext" FROM "ProviderAccount" WHERE id = $1`,
    [account.id],
  );
  const tokenCiphertext = rows[0]?.tokenCiphertext;
  if (!tokenCiphertext) throw new Error(`Provider account ${account.id} no longer exists.`);
  const client = createProviderClient({
    baseUrl: account.baseUrl,
    token: await openAccountToken(account.id, tokenCiphertext),
    timeoutMs,
    rateLimiter: unlimited, // each request brings its turn from the shared limiter (worker.ts)
    batchLimit: account.batchSizeLimit,
  });
  return { version, client, limiter: new SharedRateLimiter(account.id, account.requestsPerSecond) };
}

export async function closeClients(): Promise<void> {
  const entries = [...clients.values()];
  clients.clear();
  for (const { entry } of entries) await entry.then((e) => e.client.close()).catch(() => {});
}
