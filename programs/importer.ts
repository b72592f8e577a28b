// The importer process (lib/importer/server.ts): reads uploaded lists for the web process, on loopback. `npm start`
// runs and supervises it, giving it the database, its port and the secret it shares with the web process.
import { EnvError, parseEnv } from "@/lib/env";
import { superviseSelf } from "@/lib/bootstrap/supervised";
import { logger } from "@/lib/log";
import { exitOnCrash } from "@/lib/bootstrap/exit-on-crash";

// Its pools' shares of DATABASE_POOL_MAX (lib/db/connection-budget.ts).
process.env.TUMA_PROCESS_KIND = "importer";
exitOnCrash("importer");
try {
  const env = parseEnv();
  if (!env.DATABASE_URL || !env.IMPORTER_SECRET)
    throw new EnvError("The importer needs DATABASE_URL and IMPORTER_SECRET (`npm start` sets both).");
  const { startImporter } = await import("@/lib/importer/server");
  const { closePool } = await import("@/lib/db/pool");
  const importer = await startImporter({ port: env.IMPORTER_PORT, host: "127.0.0.1", secret: env.IMPORTER_SECRET });
  // Its own metrics on METRICS_PORT, when enabled (lib/metrics/serve-metrics.ts).
  const { metricsServer } = await import("@/lib/metrics/serve-metrics");
  const metrics = await metricsServer();
  const self = superviseSelf(async () => {
    await metrics?.close();
    await importer.close();
    await closePool();
  });
  logger().info({ component: "importer" }, `Importer listening on ${importer.url}`);
  self.ready();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(`The importer could not start: ${error.message}`);
  process.exit(1);
}
