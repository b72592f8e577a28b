// Every connection Tuma opens runs its session in UTC, whatever zone the PostgreSQL server was initialised with (initdb
// copies its TZ into postgresql.conf) or a database or role was given. Stored times are instants (timestamptz) and
// Tuma's own SQL names zones explicitly (`AT TIME ZONE $n`), so its answers would not change with the session's zone —
// except through Prisma's pg adapter, which writes instants as UTC wall-clock text without an offset and reads them
// back by replacing the offset PostgreSQL gives with +00:00: that is only right in a UTC session. Startup options
// outrank postgresql.conf and ALTER DATABASE/ROLE … SET (lib/time/tz-independence.test.ts checks it).
export const UTC_SESSION = "-c TimeZone=UTC";

/** The `options` startup parameter of a connection: a UTC session, plus any other settings given. */
export function sessionOptions(...more: string[]): string {
  return [UTC_SESSION, ...more].join(" ");
}
