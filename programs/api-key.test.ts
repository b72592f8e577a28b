// `npm run api-key` as a child process: `create` prints the key alone on its last line and the key works; `revoke`
// makes it fail at the next request. Against DATABASE_URL, and against an embedded PostgreSQL that a running console
// holds: the command adopts that server and leaves it running.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { expect, test } from "vitest";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrator";
import { db } from "@/lib/db/client";
import { call } from "@/test/api/api-client";
import { freePort } from "@/test/free-port";

const run = promisify(execFile);
const KEY_LINE = /^tuma_live_[A-Za-z0-9_-]{43}$/;
const missing = "00000000-0000-4000-8000-000000000000";

async function apiKey(args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_OPTIONS: "" };
  for (const [name, value] of Object.entries(env)) if (value === undefined) Reflect.deleteProperty(childEnv, name);
  return run(process.execPath, ["--import", "tsx", "--conditions=react-server", "programs/api-key.ts", ...args], {
    env: childEnv,
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
}

const read = (key: string) => call(getBatch, { key, path: `/batches/${missing}`, params: { id: missing } });

test("create prints the key alone on its last line; revoke refuses it from the next request", async () => {
  const email = `cli-${Date.now()}@api.test`;
  await db.user.create({ data: { email, name: "CLI", role: "OPERATOR", passwordHash: "x" } });
  const created = await apiKey(["create", "--email", email, "--name", "ci", "--scopes", "read,send"], {});
  expect("code" in created ? created.code : 0).toBe(0);
  const lines = created.stdout.trimEnd().split("\n");
  const key = lines.at(-1)!;
  expect(key).toMatch(KEY_LINE);
  expect(lines.slice(0, -1).join("\n")).not.toContain(key.slice(10));
  expect((await read(key)).status).toBe(404); // authenticated: the batch does not exist
  const again = await apiKey(["create", "--email", email, "--name", "ci", "--scopes", "read"], {});
  expect("code" in again && again.code).toBe(1);
  expect(again.stderr).toMatch(/already have a key named “ci”/);
  const revoked = await apiKey(["revoke", "--email", email, "--name", "ci"], {});
  expect(revoked.stdout).toMatch(/Revoked/);
  expect((await read(key)).status).toBe(401);
  const bad = await apiKey(["create", "--email", email, "--name", "x", "--scopes", "everything"], {});
  expect("code" in bad && bad.code).toBe(1);
  expect(bad.stderr).toMatch(/A scope is one of send, read, lists, admin/);
});

test("beside a running console, it uses the console's embedded database and leaves it running", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-api-key-"));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), port, persistent: true });
  try {
    const admin = new pg.Client(server.serverUrl("postgres"));
    await admin.connect();
    await admin.query(`CREATE DATABASE tuma`);
    await admin.end();
    await applyMigrations(server.serverUrl("tuma"));
    const client = new pg.Client(server.serverUrl("tuma"));
    await client.connect();
    await client.query(
      `INSERT INTO "User" (id, email, name, role, "passwordHash", "updatedAt") VALUES (gen_random_uuid(), 'emb@api.test', 'E', 'ADMIN', 'x', now())`,
    );
    const created = await apiKey(["create", "--email", "emb@api.test", "--name", "n", "--scopes", "admin,read"], {
      DATABASE_URL: undefined,
      TUMA_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()), // the running server's own port is read from its lock file
    });
    expect(created.stdout.trimEnd().split("\n").at(-1)).toMatch(KEY_LINE);
    // Still running, still answering: the command did not stop the console's database.
    const { rows } = await client.query<{ scopes: string[] }>(`SELECT scopes FROM "ApiKey"`);
    expect(rows).toEqual([{ scopes: ["read", "admin"] }]);
    await client.end();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
