// `npm run db:backup [file]`: the whole database in pg_dump's custom format (compressed; pg_restore can restore all
// of it or parts), written to a temporary name and renamed when complete, so a file named like a backup is a whole
// one. Default file: <TUMA_DATA_DIR>/backups/tuma-<UTC time>.dump. Restore with `npm run db:restore <file>`.
import fs from "node:fs";
import path from "node:path";
import { EnvError, parseEnv } from "@/lib/env";
import { formatBytes } from "@/lib/http/body-limits";
import { assertToolFits, BackupError, connection, runTool } from "./backup/pg-tools";
import { targetDatabase } from "./backup/target-database";

async function main(): Promise<void> {
  const env = parseEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(process.argv[2] ?? path.join(env.TUMA_DATA_DIR, "backups", `tuma-${stamp}.dump`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await targetDatabase();
  const partial = `${file}.partial`;
  try {
    await assertToolFits("pg_dump", database.url);
    const { dbname, env: toolEnv } = connection(database.url);
    await runTool(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${dbname}`],
      toolEnv,
    );
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
    await database.stop();
  }
  process.stdout.write(`Backed up the database to ${file} (${formatBytes(fs.statSync(file).size)}).\n`);
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof EnvError;
  process.stderr.write(
    `The backup failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
