// A test file's own database, cloned from the run's migrated template (test-cluster.ts makes both). Its own module,
// needing only the PostgreSQL client: every test file runs it (setup.ts), and importing test-cluster.ts for it also
// loaded the embedded server's launcher and the migrator in each of them (~0.4 s a file).
import pg from "pg";

export const TEMPLATE_DB = "tuma_template";

/** A new database cloned from the migrated template; returns its URL. */
export async function cloneTemplate(serverUrl: (db: string) => string, name: string): Promise<string> {
  const admin = new pg.Client(serverUrl("postgres"));
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  return serverUrl(name);
}
