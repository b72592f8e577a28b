// The one Prisma client of a process. Secrets (password hashes, token ciphertext) are omitted from every query by
// default; the few modules that need them ask with `omit: { …: false }`. So is Batch.firstMessageId: a dispatch bound
// read only by SQL (lib/dispatch/claim.ts), and a BigInt that would break every JSON body a whole batch is spread into.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log";
import { poolSize } from "./connection-budget";
import { POOL_IDLE_TIMEOUT_MILLIS, poolTimeoutMillis } from "./pool-timeout";
import { sessionSetup } from "./session-zone";
import { databaseUrl } from "./url";
import { watchPool } from "@/lib/metrics/pool-metrics";

function createClient() {
  // Our own pool, handed to the adapter (which closes it on $disconnect), so that behind PgBouncer its connections
  // get their session settings like every other pool's (lib/db/session-zone.ts).
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    max: poolSize("prisma"),
    connectionTimeoutMillis: poolTimeoutMillis(),
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MILLIS,
    ...sessionSetup(),
  });
  // As in lib/db/pool.ts: an idle connection the server dropped is replaced on next use, not a crash.
  pool.on("error", (error) => logger().warn({ err: error }, "idle database connection lost"));
  watchPool("prisma", pool); // its use, read when metrics are scraped (lib/metrics/pool-metrics.ts)
  return new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    omit: {
      user: { passwordHash: true },
      providerAccount: { tokenCiphertext: true },
      batch: { firstMessageId: true },
    },
  });
}

type Client = ReturnType<typeof createClient>;
const globalForPrisma = globalThis as unknown as { tumaPrisma?: Client };

function client(): Client {
  // Reused across hot reloads in development, where modules are evaluated more than once.
  globalForPrisma.tumaPrisma ??= createClient();
  return globalForPrisma.tumaPrisma;
}

/**
 * Created on first use rather than on import: `next build` imports route modules without a database, and the start
 * scripts set DATABASE_URL (for the embedded database) only after importing some of these modules.
 */
export const db: Client = new Proxy({} as Client, {
  get(_target, property) {
    const instance = client();
    const value: unknown = Reflect.get(instance, property, instance);
    return typeof value === "function" ? value.bind(instance) : value;
  },
});
