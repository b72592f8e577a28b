// The database `npm run db:backup` and `db:restore` act on: DATABASE_URL, or this checkout's embedded PostgreSQL —
// adopted while `npm start` runs it (and left running), else started for the command and stopped after (as
// programs/api-key.ts does).
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "@/lib/env";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { BackupError } from "./pg-tools";

export async function targetDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const env = parseEnv();
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.join(path.resolve(env.TUMA_DATA_DIR), "pg");
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION")))
    throw new BackupError(
      `There is no database in ${dataDir} yet: start Tuma once with \`npm start\` (or set DATABASE_URL).`,
    );
  const server = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT, persistent: true });
  return { url: server.serverUrl("tuma"), stop: server.adopted ? async () => {} : server.stop };
}
