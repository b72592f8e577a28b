// The database of `npm start`: the server in DATABASE_URL, or an embedded PostgreSQL whose data lives in the data
// directory. Either way: reachable, migrated, and described in one sentence when it is not. As root, it first
// removes the embedded data of projects that no longer exist (lib/db/orphaned-data.ts), saying which.
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrator";
import { removeOrphanedData } from "@/lib/db/orphaned-data";
import { ROOT_RUNTIME_DIR } from "@/lib/db/root-placement";
import { explainEmbeddedFailure } from "./embedded-failure";
import { StartupError } from "./startup-error";

export type PreparedDatabase = { url: string; embedded: boolean; applied: string[]; stop: () => Promise<void> };

export async function prepareDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  log: (line: string) => void;
  /** Where root's embedded data lives, swept for data whose project is gone; none for a normal user (in .data/). */
  runtimeDir?: string | null;
  /** False when another process applies them (`npm start`: programs/prepare-data.ts); `applied` is then empty. */
  applyMigrations?: boolean;
}): Promise<PreparedDatabase> {
  const migrate = options.applyMigrations === false ? async () => [] : migrateDatabase;
  const runtimeDir =
    options.runtimeDir === undefined ? (process.getuid?.() === 0 ? ROOT_RUNTIME_DIR : null) : options.runtimeDir;
  if (runtimeDir) removeOrphanedData(runtimeDir, options.log);
  if (options.databaseUrl) {
    await assertReachable(options.databaseUrl, "DATABASE_URL");
    return {
      url: options.databaseUrl,
      embedded: false,
      applied: await migrate(options.databaseUrl),
      stop: async () => {},
    };
  }
  const dataDir = path.join(options.dataDir, "pg");
  const server = await startEmbeddedPostgres({ dataDir, port: options.embeddedPort, persistent: true }).catch(
    (error: unknown) => {
      throw new StartupError(explainEmbeddedFailure(error, dataDir));
    },
  );
  await createDatabaseIfMissing(server.serverUrl("postgres"), "tuma");
  const url = server.serverUrl("tuma");
  return { url, embedded: true, applied: await migrate(url), stop: server.stop };
}

/** The migrations not yet applied, applied; a failure is one sentence (a StartupError). */
export async function migrateDatabase(url: string): Promise<string[]> {
  try {
    return await applyMigrations(url);
  } catch (error) {
    throw new StartupError(
      `Applying database migrations failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
  }
}

async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Connects once; on failure, says what is wrong with the server named by `variable`. */
export async function assertReachable(url: string, variable: string): Promise<void> {
  let where = "the database";
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || 5432}/${parsed.pathname.slice(1)}`;
  } catch {
    throw new StartupError(`${variable} is not a valid URL.`);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === "ECONNREFUSED"
        ? "the connection was refused (is PostgreSQL running there?)"
        : code === "ENOTFOUND" || code === "EAI_AGAIN"
          ? "the host name does not resolve"
          : code === "28P01" || code === "28000"
            ? "the user name or password was refused"
            : code === "3D000"
              ? "that database does not exist"
              : code === "ETIMEDOUT" || /timeout/i.test(String(error))
                ? "the connection timed out"
                : `${code ?? "error"}: ${error instanceof Error ? error.message : String(error)}`;
    throw new StartupError(`Cannot use the database in ${variable} (${where}): ${reason}.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The database the environment names: DATABASE_URL, or the embedded one in TUMA_DATA_DIR (for the CLI scripts). */
export function prepareConfiguredDatabase(env: {
  DATABASE_URL?: string;
  TUMA_DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
}): Promise<PreparedDatabase> {
  return prepareDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.TUMA_DATA_DIR),
    embeddedPort: env.EMBEDDED_PG_PORT,
    log: console.log,
  });
}
