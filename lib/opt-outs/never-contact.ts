// "Never contact" (issue 38 item 5): a number erased at its owner's request that must stay suppressed is kept only
// as its keyed hash (lib/crypto/number-hash.ts) in NeverContact, and is stored SUPPRESSED like an opted-out number
// wherever a batch stores its recipients (lib/batches/store-recipients.ts). The hashes are computed only while the
// table holds any, so storing a batch costs one indexed EXISTS when nobody was ever erased this way.
import "server-only";
import type pg from "pg";
import { numberHash } from "@/lib/crypto/number-hash";
import { pool } from "@/lib/db/pool";

/** The numbers among these whose keyed hashes are in NeverContact. */
export async function neverContacted(
  db: Pick<pg.Pool | pg.PoolClient, "query">,
  phones: readonly string[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const { rows: held } = await db.query<{ some: boolean }>(`SELECT EXISTS (SELECT 1 FROM "NeverContact") AS some`);
  if (!held[0]?.some) return new Set();
  const unique = [...new Set(phones)];
  const hashes = unique.map(numberHash);
  const { rows } = await db.query<{ hash: Buffer }>(`SELECT hash FROM "NeverContact" WHERE hash = ANY($1::bytea[])`, [
    hashes,
  ]);
  const found = new Set(rows.map((row) => row.hash.toString("hex")));
  return new Set(unique.filter((_, i) => found.has(hashes[i]!.toString("hex"))));
}

/** Whether one number was erased with "never contact" (the number's page says so instead of "not opted out"). */
export async function isNeverContacted(phone: string): Promise<boolean> {
  return (await neverContacted(pool(), [phone])).size > 0;
}
