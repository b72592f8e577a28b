// `npm run db:backup` and `db:restore` as child processes, with PostgreSQL's own pg_dump and pg_restore: a database
// with batches (created as the console creates them) is backed up, restored into an empty database, and the two
// compared table by table (every row, as text); a restore into a database that is not empty, or of a file that is
// no backup, is refused with its sentence and changes nothing; a pg_dump older than the server is named with the
// version needed. pg_dump refuses a newer server, and the test run's embedded PostgreSQL is newer than Debian's
// client, so this test runs its own server of the client's version: Debian's, from the package of the same major
// version (.ci/run installs it).
import { execFile, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sealAccountToken } from "@/lib/accounts/account-token";
import { createBatch } from "@/lib/batches/create-batch";
import { applyMigrations } from "@/lib/db/migrator";
import { freePort } from "@/test/free-port";
import { phones } from "@/test/dispatch-harness";

const run = promisify(execFile);
let base: string;
let port: number;
let bin: string;
const asPostgres: string[] = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;

/** A program as the server's user (root may not run PostgreSQL). */
function server(program: string, args: string[]): void {
  const [command, ...rest] = [...asPostgres, path.join(bin, program), ...args];
  execFileSync(command!, rest, { stdio: "pipe" });
}

beforeAll(async () => {
  const version = execFileSync("pg_dump", ["--version"], { encoding: "utf8" });
  const major = /\) (\d+)/.exec(version)?.[1];
  bin = `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(bin, "postgres")))
    throw new Error(
      `This test needs PostgreSQL ${major}'s server beside its pg_dump: apt-get install postgresql-${major}.`,
    );
  base = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-backup-"));
  fs.chmodSync(base, 0o777);
  port = await freePort();
  server("initdb", ["-D", path.join(base, "data"), "-U", "postgres", "--auth=trust", "--no-sync"]);
  server("pg_ctl", [
    "-D",
    path.join(base, "data"),
    // Its log in a file: on our pipe, the server (which outlives pg_ctl) would hold this call open.
    "-l",
    path.join(base, "server.log"),
    "-o",
    `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-w",
    "start",
  ]);
  const admin = new pg.Client(url("postgres"));
  await admin.connect();
  await admin.query("CREATE DATABASE source");
  await admin.query("CREATE DATABASE target");
  await admin.query("CREATE DATABASE occupied");
  await admin.end();
  await applyMigrations(url("source"));
  await applyMigrations(url("occupied"));
}, 300_000);

afterAll(() => {
  if (base && fs.existsSync(path.join(base, "data", "postmaster.pid")))
    server("pg_ctl", ["-D", path.join(base, "data"), "-m", "immediate", "stop"]);
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

async function tool(script: "db-backup" | "db-restore", args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", "--conditions=react-server", `programs/${script}.ts`, ...args], {
    env: { ...process.env, NODE_OPTIONS: "", ...env },
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** Every table's rows, as text, in a stable order. */
async function contents(database: string): Promise<Record<string, string[]>> {
  const client = new pg.Client(url(database));
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t ORDER BY 1`);
      all[name] = rows.map((r) => r.row);
    }
    return all;
  } finally {
    await client.end();
  }
}

test("a database with batches, backed up and restored into an empty one, is the same; bad restores change nothing", async () => {
  // Two batches, as the console creates them, in the source database.
  process.env.DATABASE_URL = url("source");
  const { db } = await import("@/lib/db/client");
  const accountId = randomUUID();
  await db.providerAccount.create({
    data: {
      id: accountId,
      name: "Backed up",
      baseUrl: "http://127.0.0.1:9/api/v1",
      tokenCiphertext: sealAccountToken("backup-test-token-123", accountId),
      tokenLast4: "t123",
      defaultSender: "TUMA",
      defaultOriginator: "254700000000",
      receiptSecret: randomUUID(),
      isDefault: true,
    },
  });
  const author = await db.user.create({
    data: { email: "backup@test.example", name: "Backup", role: "ADMIN", passwordHash: "x" },
  });
  for (const [index, count] of [250, 40].entries())
    await createBatch({
      kind: "SMS",
      accountId,
      authorId: author.id,
      name: `backed up ${index}`,
      templateText: "Habari",
      sender: "TUMA",
      recipients: phones(count, 100_000 * (index + 1)).map((phone) => ({ phone })),
    });
  await db.$disconnect();

  const file = path.join(base, "tuma.dump");
  const backup = await tool("db-backup", [file], { DATABASE_URL: url("source") });
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toContain(`Backed up the database to ${file}`);
  expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("PGDMP");

  const restore = await tool("db-restore", [file], { DATABASE_URL: url("target") });
  expect(restore.code, restore.stderr).toBe(0);
  const source = await contents("source");
  expect(source['public."Batch"']).toHaveLength(2);
  expect(Object.values(source).reduce((sum, rows) => sum + rows.length, 0)).toBeGreaterThan(290);
  expect(await contents("target")).toEqual(source);

  // Into a database that holds Tuma's tables already: refused, and nothing in it changed.
  const before = await contents("occupied");
  const refused = await tool("db-restore", [file], { DATABASE_URL: url("occupied") });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /^The restore failed: The database is not empty \(\d+ tables\); nothing was restored\./,
  );
  expect(await contents("occupied")).toEqual(before);

  // A file that is no backup: refused before the database is touched.
  const notBackup = path.join(base, "notes.txt");
  fs.writeFileSync(notBackup, "not a dump");
  const wrong = await tool("db-restore", [notBackup], { DATABASE_URL: url("target") });
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain("is not a backup of `npm run db:backup`");

  // A pg_dump older than the server (a stand-in that reports version 9): the version needed, and no file written.
  const oldTools = path.join(base, "old-tools");
  fs.mkdirSync(oldTools);
  fs.writeFileSync(path.join(oldTools, "pg_dump"), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
  const old = await tool("db-backup", [path.join(base, "old.dump")], {
    DATABASE_URL: url("source"),
    PG_BIN_DIR: oldTools,
  });
  expect(old.code).toBe(1);
  expect(old.stderr).toMatch(
    /pg_dump is version 9 and the database is PostgreSQL \d+: pg_dump must be version \d+ or newer/,
  );
  expect(fs.existsSync(path.join(base, "old.dump"))).toBe(false);
}, 300_000);
