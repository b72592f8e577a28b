// The same file uploaded before: found by the SHA-256 taken while the new one streamed in
// (lib/list-files/limited-body.ts). It is said, never refused — sending the same list twice on purpose (a second round
// of reminders) is ordinary.
import "server-only";
import type pg from "pg";
import { listState } from "@/lib/states/state-sql";
import { pool } from "@/lib/db/pool";

export type EarlierCopy = { id: string; name: string; createdAt: string };

/** The newest saved list with these bytes, other than `exceptId`; null when there is none. */
export async function earlierCopy(
  contentHash: string | null,
  exceptId: string,
  client: pg.Pool | pg.PoolClient = pool(),
): Promise<EarlierCopy | null> {
  if (contentHash === null) return null;
  const { rows } = await client.query<{ id: string; name: string; createdAt: Date }>(
    `SELECT id, name, "createdAt" FROM "List"
     WHERE "contentHash" = $1 AND state = ${listState("READY")} AND id <> $2
     ORDER BY "createdAt" DESC LIMIT 1`,
    [contentHash, exceptId],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() } : null;
}
