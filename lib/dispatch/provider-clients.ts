// One provider client per account and token version, with the token decrypted here and nowhere else, and the
// account's requests paced by the limiter shared by every worker process.
import "server-only";
import { secretBox } from "@/lib/crypto/encryption-key";
import { db } from "@/lib/db/client";
import { createProviderClient, type ProviderClient } from "@/lib/provider/client";
import type { ActiveBatch } from "./active-batch";
import { SharedRateLimiter } from "./shared-rate-limiter";

type Entry = { version: number; client: ProviderClient; limiter: SharedRateLimiter };
const clients = new Map<string, Entry>();

export async function clientFor(account: ActiveBatch["account"], timeoutMs: number): Promise<Entry> {
  const version = account.updatedAt.getTime();
  const cached = clients.get(account.id);
  if (cached && cached.version === version) return cached;
  cached?.client.close();
  const { tokenCiphertext } = await db.providerAccount.findUniqueOrThrow({
    where: { id: account.id },
    select: { tokenCiphertext: true },
  });
  const limiter = new SharedRateLimiter(account.id, account.requestsPerSecond);
  const client = createProviderClient({
    baseUrl: account.baseUrl,
    token: secretBox().open(tokenCiphertext),
    timeoutMs,
    rateLimiter: { acquire: () => Promise.resolve() }, // lanes acquire a shared slot before claiming (worker.ts)
    batchLimit: account.batchSizeLimit,
  });
  const entry = { version, client, limiter };
  clients.set(account.id, entry);
  return entry;
}

export function closeClients(): void {
  for (const entry of clients.values()) entry.client.close();
  clients.clear();
}
