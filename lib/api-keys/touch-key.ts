// A key's last use, written at most once a minute per key: a hot key would otherwise write its row on every request.
// This process remembers when it last wrote; the UPDATE's own condition covers the other processes.
import "server-only";
import { pool } from "@/lib/db/pool";

const EVERY_MS = 60_000;
const written = new Map<string, number>();

export async function touchKey(keyId: string, now = Date.now()): Promise<void> {
  if (now - (written.get(keyId) ?? 0) < EVERY_MS) return;
  written.set(keyId, now);
  if (written.size > 10_000) written.clear(); // bounded: forgetting only costs one more conditional UPDATE
  await pool().query(
    `UPDATE "ApiKey" SET "lastUsedAt" = now() WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '1 minute')`,
    [keyId],
  );
}
