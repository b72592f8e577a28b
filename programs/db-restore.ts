// `npm run db:restore <file> [--clean]`: a backup of `npm run db:backup` (pg_dump's custom format) into the database
// (DATABASE_URL, or the embedded one), in one transaction: all of it or, on an error, none of it. Into an empty
// database only, unless --clean, which drops what the backup holds first: a restore over live data would mix two
// histories. Stop the console and workers first; start them after (they apply any newer migrations).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { EnvError } from "@/lib/env";
import { assertToolFits, BackupError, connection, runTool } from "./backup/pg-tools";
import { targetDatabase } from "./backup/target-database";

const USAGE = "Usage: npm run db:restore -- <backup file> [--clean]";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const clean = args.includes("--clean");
  const named = args.filter((arg) => arg !== "--clean");
  if (named.length !== 1 || named[0]!.startsWith("--")) throw new BackupError(`Name one backup file. ${USAGE}`);
  const file = path.resolve(named[0]!);
  assertCustomFormat(file);
  const database = await targetDatabase();
  try {
    await assertToolFits("pg_restore", database.url);
    if (!clean) await assertEmpty(database.url);
    const { dbname, env } = connection(database.url);
    await runTool(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        ...(clean ? ["--clean", "--if-exists"] : []),
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  } finally {
    await database.stop();
  }
  process.stdout.write(`Restored ${file} into the database.\n`);
}

/** pg_dump's custom format begins with "PGDMP": anything else is refused before the database is touched. */
function assertCustomFormat(file: string): void {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, "r");
    head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    fs.closeSync(fd);
  } catch {
    throw new BackupError(`${file} cannot be read. ${USAGE}`);
  }
  if (head.toString("latin1") !== "PGDMP")
    throw new BackupError(
      `${file} is not a backup of \`npm run db:backup\` (pg_dump's custom format); nothing was restored.`,
    );
}

async function assertEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.n > 0)
      throw new BackupError(
        `The database is not empty (${rows[0]!.n} tables); nothing was restored. Restore into a new, empty database, or pass --clean to replace what the backup holds.`,
      );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof EnvError;
  process.stderr.write(
    `The restore failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
