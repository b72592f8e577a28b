// One throw-away PostgreSQL cluster per test run (Vitest or Playwright), with a migrated template database from
// which each test file clones its own database in ~0.1 s, so files and parallel runs never share state.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrator";
import { freePort } from "./free-port";
import { TEMPLATE_DB } from "./clone-template";

export { cloneTemplate, TEMPLATE_DB } from "./clone-template";

/** Flags that put a benchmark's cluster back to a production database's durability (fsync and full pages on). */
export const DURABLE = ["-c", "fsync=on", "-c", "full_page_writes=on"];

export async function startTestCluster(
  extraFlags: string[] = [],
): Promise<{ serverUrl: (db: string) => string; stop: () => Promise<void> }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-test-"));
  // As root, the server runs as the `postgres` user, which must be able to reach the data directory.
  fs.chmodSync(base, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(base, "data"),
    port: await freePort(),
    persistent: false,
    // Throw-away data: no flush to disk at each commit or checkpoint. A test then waits on the database's work, not
    // on the machine's disk (Vitest's whole run went from 370 s to 310 s here). PostgreSQL's own crash safety
    // (WAL written before a commit returns) is unchanged; only an operating-system crash could lose data, and this
    // cluster is deleted at the end of the run anyway. Benchmarks measure a durable database: they pass DURABLE.
    extraFlags: ["-c", "fsync=off", "-c", "full_page_writes=off", ...extraFlags],
  });
  const admin = new pg.Client(server.serverUrl("postgres"));
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  await applyMigrations(server.serverUrl(TEMPLATE_DB));
  return {
    serverUrl: server.serverUrl,
    stop: async () => {
      await server.stop();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** The zone new sessions of a database start in (ALTER DATABASE … SET timezone): Tuma's own connections ignore it. */
export async function setDatabaseTimeZone(databaseUrl: string, zone: string): Promise<void> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET timezone = %L', current_database(), '${zone.replaceAll("'", "")}'); END $$`,
    );
  } finally {
    await client.end();
  }
}
