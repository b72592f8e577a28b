// Replicas started together (compose.yaml, `docker compose up --scale`) each apply migrations at start: they must take
// turns on one advisory lock, however long a migration runs, and the later ones find nothing left to do
// (lib/db/migrator.ts). Against a new, empty database on the test cluster.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { ADVISORY_LOCKS } from "./advisory-locks";
import { applyMigrations } from "./migrator";

const name = `once_${randomBytes(4).toString("hex")}`;
const url = new URL(process.env.DATABASE_URL!);
const databaseUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
const holder = new pg.Client({ connectionString: databaseUrl });

await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
await holder.connect();

afterAll(async () => {
  await holder.end();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

/** Whether a session of the database waits for the migrations' lock (true) or the migration ended first (false). */
async function waitsForLock(migration: Promise<unknown>): Promise<boolean> {
  let ended = false;
  void migration.then(
    () => (ended = true),
    () => (ended = true),
  );
  for (;;) {
    if (ended) return false;
    const { rowCount } = await admin.query(
      `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
        WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = 0 AND NOT l.granted AND d.datname = $2`,
      [ADVISORY_LOCKS.MIGRATIONS, name],
    );
    if (rowCount) return true;
  }
}

test("a start waits while another holds the migrations' lock, and migrates after it", async () => {
  await holder.query("SELECT pg_advisory_lock($1, 0)", [ADVISORY_LOCKS.MIGRATIONS]);
  const first = applyMigrations(databaseUrl);
  expect(await waitsForLock(first)).toBe(true);
  const { rows } = await holder.query<{ tables: number }>(
    "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'",
  );
  expect(rows[0]?.tables).toBe(0);
  await holder.query("SELECT pg_advisory_unlock($1, 0)", [ADVISORY_LOCKS.MIGRATIONS]);
  expect((await first).length).toBeGreaterThan(0);
});

test("two starts at once: one applies the migrations, the other finds none left", async () => {
  await holder.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  const results = await Promise.all([applyMigrations(databaseUrl), applyMigrations(databaseUrl)]);
  const counts = results.map((applied) => applied.length).sort((a, b) => a - b);
  expect(counts[0]).toBe(0);
  expect(counts[1]).toBeGreaterThan(0);
});
