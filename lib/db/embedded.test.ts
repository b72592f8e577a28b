// The embedded cluster as `npm start` uses it, from a private folder (mode 0700, like a project cloned into /root):
// as root (how CI runs) it must run as the postgres user from places that user can reach, and record which project
// its data belongs to; otherwise it runs as we are. Either way it starts, answers, keeps its data across a restart,
// and a busy port is one sentence within seconds. (The same checks as the other kind of user: programs/start-as-each-user.test.ts.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { explainEmbeddedFailure } from "@/lib/bootstrap/embedded-failure";
import { freePort } from "@/test/free-port";
import { destroyEmbedded, embeddedFiles } from "./destroy";
import { startEmbeddedPostgres } from "./embedded";
import { readOwnerRecord, ROOT_RUNTIME_DIR } from "./root-placement";

const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-private-"));
const isRoot = process.getuid?.() === 0;

afterAll(() => {
  const files = embeddedFiles(path.join(privateDir, "data", "pg"));
  if (files) destroyEmbedded(files);
  fs.rmSync(privateDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

test("the embedded cluster starts from a private (0700) folder and keeps its data across restarts", async () => {
  expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
  const dataDir = path.join(privateDir, "data", "pg");
  const port = await freePort();

  const first = await startEmbeddedPostgres({ dataDir, port, persistent: true, project: privateDir });
  try {
    await query(first.serverUrl("postgres"), "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('survives')");
    if (isRoot) {
      // Served by the postgres user, from binaries and data outside the private folder.
      const postmaster = Number(
        fs.readFileSync(path.join(fs.realpathSync(dataDir), "postmaster.pid"), "utf8").split("\n")[0],
      );
      expect(fs.readlinkSync(`/proc/${postmaster}/exe`).startsWith(`${ROOT_RUNTIME_DIR}/`)).toBe(true);
      // The postmaster, not a backend: a backend of a closed connection may already be gone when /proc is read.
      expect(fs.readFileSync(`/proc/${postmaster}/status`, "utf8")).not.toMatch(/^Uid:\s+0\s/m);
      expect(fs.realpathSync(dataDir).startsWith(`${ROOT_RUNTIME_DIR}/`)).toBe(true);
      // Next to the data: the project it belongs to and the link that leads to it.
      expect(readOwnerRecord(fs.realpathSync(dataDir))).toEqual({ project: privateDir, dataDir });
    }
  } finally {
    await first.stop();
  }

  const second = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  try {
    expect(await query(second.serverUrl("postgres"), "SELECT note FROM kept")).toEqual([{ note: "survives" }]);
  } finally {
    await second.stop();
  }
});

test("a port already in use is one sentence saying what to do, and a throw-away cluster leaves nothing", async () => {
  const port = await freePort();
  const holder = await startEmbeddedPostgres({ dataDir: path.join(privateDir, "holder"), port, persistent: false });
  try {
    const dataDir = path.join(privateDir, "second");
    const failure = await startEmbeddedPostgres({ dataDir, port, persistent: false }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(explainEmbeddedFailure(failure, dataDir)).toBe(
      `The embedded PostgreSQL could not listen on port ${port} (it is in use): set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL server.`,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.existsSync(`${dataDir}.password`)).toBe(false);
  } finally {
    await holder.stop();
  }
});
