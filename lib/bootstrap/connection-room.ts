// Before a process opens its pools, PostgreSQL is asked how many connections are left; a start that would not fit
// (with DATABASE_CONNECTION_RESERVE kept free) is refused with a sentence naming the numbers and what to change,
// instead of succeeding now and failing requests later with "too many clients". `npm start` asks once for all its
// children (programs/start.ts), `npm run worker` for itself (programs/worker.ts). It is a check at start, not a lock:
// two starts at the same instant can both pass; PostgreSQL's own limit stays the last word.
import pg from "pg";
import { StartupError } from "@/lib/bootstrap/startup-error";
import { env } from "@/lib/env";
import { sessionSetup } from "@/lib/db/session-zone";

export type ConnectionRoom = {
  maxConnections: number;
  /** superuser_reserved_connections plus, from PostgreSQL 16, reserved_connections. */
  reservedSlots: number;
  /** Client connections open now, other than the one asking. */
  inUse: number;
};

export async function connectionRoom(url: string): Promise<ConnectionRoom> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    options: sessionSetup().options,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; superuser: number; reserved: number; in_use: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              current_setting('superuser_reserved_connections')::int AS superuser,
              coalesce(current_setting('reserved_connections', true)::int, 0) AS reserved,
              (SELECT count(*)::int FROM pg_stat_activity
                WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()) AS in_use`,
    );
    const row = rows[0]!;
    return { maxConnections: row.max, reservedSlots: row.superuser + row.reserved, inUse: row.in_use };
  } finally {
    await client.end().catch(() => {});
  }
}

export type ConnectionNeed = {
  /** What is starting, for the sentence: "this worker", "the console's 3 processes". */
  what: string;
  processes: number;
  budget: number;
  reserve: number;
};

/** The refusal sentence, or null when the start fits. */
export function roomRefusal(room: ConnectionRoom, need: ConnectionNeed): string | null {
  const left = room.maxConnections - room.reservedSlots - room.inUse;
  const wanted = need.processes * need.budget;
  if (wanted + need.reserve <= left) return null;
  const times = need.processes === 1 ? `${wanted}` : `${need.processes} × ${need.budget} = ${wanted}`;
  return (
    `PostgreSQL has room for ${left} more connections (max_connections ${room.maxConnections}, ` +
    `minus ${room.reservedSlots} reserved for superusers, minus ${room.inUse} in use), but ${need.what} needs ` +
    `${times} (DATABASE_POOL_MAX ${need.budget}) and keeps ${need.reserve} free ` +
    `(DATABASE_CONNECTION_RESERVE): lower DATABASE_POOL_MAX, stop other clients of the database, or raise ` +
    `max_connections (README, "Connections").`
  );
}

export async function assertConnectionRoom(url: string, need: ConnectionNeed): Promise<void> {
  // Behind PgBouncer the connections that count are PgBouncer's own (its pool sizes): docs/scaling.md, "PgBouncer".
  if (env().DATABASE_PGBOUNCER) return;
  const refusal = roomRefusal(await connectionRoom(url), need);
  if (refusal) throw new StartupError(refusal);
}
