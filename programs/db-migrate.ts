// `npm run db:migrate`: apply pending migrations to DATABASE_URL, or to the embedded database in the data directory.
import { EnvError, parseEnv } from "@/lib/env";
import { prepareConfiguredDatabase } from "@/lib/bootstrap/database";
import { StartupError } from "@/lib/bootstrap/startup-error";

try {
  const env = parseEnv();
  const database = await prepareConfiguredDatabase(env);
  console.log(database.applied.length ? `Applied: ${database.applied.join(", ")}` : "The database is up to date.");
  await database.stop();
} catch (error) {
  if (!(error instanceof StartupError || error instanceof EnvError)) throw error;
  console.error(`Migration failed: ${error.message}`);
  process.exit(1);
}
