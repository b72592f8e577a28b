// Every connection Tuma opens runs its session in UTC, whatever zone the PostgreSQL server was initialised with (initdb
// copies its TZ into postgresql.conf) or a database or role was given. Stored times are instants (timestamptz) and
// Tuma's own SQL names zones explicitly (`AT TIME ZONE $n`), so its answers would not change with the session's zone —
// except through Prisma's pg adapter, which writes instants as UTC wall-clock text without an offset and reads them
// back by replacing the offset PostgreSQL gives with +00:00: that is only right in a UTC session. Startup options
// outrank postgresql.conf and ALTER DATABASE/ROLE … SET (lib/time/tz-independence.test.ts checks it).
//
// Behind PgBouncer (DATABASE_PGBOUNCER=on), which refuses the `options` startup parameter ("unsupported startup
// parameter: options"), the same settings are made by SET as each connection opens, before any query of Tuma's; in
// PgBouncer's session mode they last as long as the connection (docs/scaling.md, "PgBouncer").
import type pg from "pg";
import { env } from "@/lib/env";

export type SessionSettings = Record<string, string>;
const UTC: SessionSettings = { TimeZone: "UTC" };

/**
 * What a pool needs for its sessions to run with these settings (a UTC session, plus `more`): the `options` startup
 * parameter, or behind PgBouncer a SET that pg's pool runs on each new connection before handing it out (a failure
 * closes that connection instead of using it in another zone).
 */
export function sessionSetup(more: SessionSettings = {}): Pick<pg.PoolConfig, "options" | "onConnect"> {
  const settings = Object.entries({ ...UTC, ...more });
  if (!env().DATABASE_PGBOUNCER) return { options: settings.map(([name, value]) => `-c ${name}=${value}`).join(" ") };
  // Names and values are ours, never user input.
  const sql = `SELECT ${settings.map(([name, value]) => `set_config('${name}', '${value}', false)`).join(", ")}`;
  return { onConnect: (client) => client.query(sql) };
}
