// A start that would not fit in what PostgreSQL has left refuses with a sentence naming the numbers and the settings
// to change. On a cluster of its own with max_connections = 20 (superuser_reserved_connections 3), so that a few
// held connections decide it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "@/test/free-port";
import { assertConnectionRoom, connectionRoom } from "./connection-room";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "@/lib/db/embedded";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-room-"));
// As root, the server runs as the `postgres` user, which must be able to reach the data directory.
fs.chmodSync(base, 0o755);
let server: EmbeddedDatabase;
let url: string;
const held: pg.Client[] = [];

beforeAll(async () => {
  server = await startEmbeddedPostgres({
    dataDir: path.join(base, "data"),
    port: await freePort(),
    persistent: false,
    maxConnections: 20,
  });
  const admin = new pg.Client(server.serverUrl("postgres"));
  await admin.connect();
  await admin.query("CREATE DATABASE tuma");
  await admin.end();
  url = server.serverUrl("tuma");
});

afterAll(async () => {
  await Promise.all(held.map((client) => client.end().catch(() => {})));
  await server?.stop();
  fs.rmSync(base, { recursive: true, force: true });
});

async function hold(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const client = new pg.Client(url);
    await client.connect();
    held.push(client);
  }
}

async function release(n: number): Promise<void> {
  for (const client of held.splice(0, n)) await client.end();
  // A closed connection leaves pg_stat_activity when its backend has exited: wait for that.
  while ((await connectionRoom(url)).inUse !== held.length) await new Promise((resolve) => setTimeout(resolve, 20));
}

const worker = { what: "this worker", processes: 1, budget: 10, reserve: 5 };

test("6 connections in use of 20: a worker needing 10 plus a reserve of 5 is refused, with the numbers", async () => {
  await hold(6);
  expect(await connectionRoom(url)).toEqual({ maxConnections: 20, reservedSlots: 3, inUse: 6 });
  await expect(assertConnectionRoom(url, worker)).rejects.toThrow(
    "PostgreSQL has room for 11 more connections (max_connections 20, minus 3 reserved for superusers, minus 6 in " +
      "use), but this worker needs 10 (DATABASE_POOL_MAX 10) and keeps 5 free (DATABASE_CONNECTION_RESERVE): lower " +
      'DATABASE_POOL_MAX, stop other clients of the database, or raise max_connections (README, "Connections").',
  );
  await expect(
    assertConnectionRoom(url, { what: "this start (web and importer)", processes: 2, budget: 6, reserve: 0 }),
  ).rejects.toThrow("but this start (web and importer) needs 2 × 6 = 12 (DATABASE_POOL_MAX 6)");
});

test("at the boundary: 15 left fits exactly, 14 does not", async () => {
  await release(held.length);
  await hold(3); // 20 − 3 − 3 = 14
  await expect(assertConnectionRoom(url, worker)).rejects.toThrow("room for 14 more connections");
  await release(1); // 15
  await expect(assertConnectionRoom(url, worker)).resolves.toBeUndefined();
});

test("`npm run worker` against a database without room refuses to start, saying why, and opens nothing", async () => {
  await hold(8 - held.length); // 20 − 3 − 8 = 9 left (fewer while the migrations' connections close)
  const dataDir = fs.mkdtempSync(path.join(base, "worker-"));
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "programs/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      TUMA_DATA_DIR: dataDir,
      DATABASE_POOL_MAX: "10",
      TUMA_PROCESS_KIND: "",
      NODE_OPTIONS: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(output).toMatch(
    /The worker could not start: PostgreSQL has room for \d+ more connections \(max_connections 20, minus 3 reserved for superusers, minus \d+ in use\), but this worker needs 10 \(DATABASE_POOL_MAX 10\) and keeps 5 free/,
  );
  expect(code).toBe(1);
  const { rows } = await held[0]!.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tuma-worker'",
  );
  expect(rows[0]!.n).toBe(0);
});
