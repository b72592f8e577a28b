// The migration that made every time an instant (timestamptz) keeps what the old `timestamp` columns meant: UTC wall
// clock (what Prisma wrote, and what now() wrote in the UTC sessions Tuma ran in) — even when the session running the
// migration is in another zone.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";

const DIR = "prisma/migrations";
const migrations = fs
  .readdirSync(DIR)
  .filter((name) => fs.existsSync(path.join(DIR, name, "migration.sql")))
  .sort();
const target = migrations.findIndex((name) => name.endsWith("_timestamptz_and_organisation"));
const sql = (name: string) => fs.readFileSync(path.join(DIR, name, "migration.sql"), "utf8");

const name = `tzmig_${randomBytes(4).toString("hex")}`;
const url = new URL(process.env.DATABASE_URL!);
const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
const client = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: `/${name}` }).toString() });

await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
await client.connect();
await client.query("SET TimeZone = 'UTC'");
for (const migration of migrations.slice(0, target)) await client.query(sql(migration));

afterAll(async () => {
  await client.end();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

test("existing times are read as UTC and kept as the same instants, whatever the migrating session's zone", async () => {
  expect(target).toBeGreaterThan(0);
  const written = "2026-11-23 10:16:30.123";
  const instant = Date.parse("2026-11-23T10:16:30.123Z") / 1000;
  await client.query(
    `INSERT INTO "User" (id, email, name, "passwordHash", "lastLoginAt", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), 'old@test.local', 'Old', 'x', $1, $1, $1)`,
    [written],
  );
  // A row whose time came from a default in the (UTC) session, as CURRENT_TIMESTAMP wrote them.
  await client.query(`INSERT INTO "AuditEvent" (action, "targetType") VALUES ('user.create', 'User')`);
  const { rows: before } = await client.query<{ at: string }>(`SELECT "createdAt"::text AS at FROM "AuditEvent"`);
  const auditInstant = Date.parse(`${before[0]!.at.replace(" ", "T")}Z`) / 1000;

  // The session running the migration is in New York: a plain type change would shift every value by five hours.
  await client.query("SET TimeZone = 'America/New_York'");
  await client.query(sql(migrations[target]!));

  const { rows } = await client.query<{ login: number; created: number; updated: number }>(
    `SELECT extract(epoch FROM "lastLoginAt")::float8 AS login, extract(epoch FROM "createdAt")::float8 AS created,
            extract(epoch FROM "updatedAt")::float8 AS updated FROM "User"`,
  );
  expect(rows).toEqual([{ login: instant, created: instant, updated: instant }]);
  const { rows: audit } = await client.query<{ at: number }>(
    `SELECT extract(epoch FROM "createdAt")::float8 AS at FROM "AuditEvent"`,
  );
  expect(audit[0]!.at).toBeCloseTo(auditInstant, 3);

  // Not one column left without a zone.
  const { rows: naive } = await client.query<{ column: string }>(
    `SELECT table_name || '.' || column_name AS column FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`,
  );
  expect(naive).toEqual([]);
});

test("the organisation's row exists with East Africa Time, and there is only ever one", async () => {
  const { rows } = await client.query(`SELECT id, "timeZone" FROM "Organisation"`);
  expect(rows).toEqual([{ id: 1, timeZone: "Africa/Nairobi" }]);
  await expect(
    client.query(`INSERT INTO "Organisation" (id, "timeZone", "updatedAt") VALUES (2, 'UTC', now())`),
  ).rejects.toThrow(/Organisation_single_row/);
});
