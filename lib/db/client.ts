// The one Prisma client of a process. Secrets (password hashes, token ciphertext) are omitted from every query by
// default; the few modules that need them ask with `omit: { …: false }`.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { poolSize } from "./connection-budget";
import { poolTimeoutMillis } from "./pool-timeout";
import { sessionOptions } from "./session-zone";
import { databaseUrl } from "./url";

function createClient() {
  return new PrismaClient({
    adapter: new PrismaPg({
      connectionString: databaseUrl(),
      max: poolSize("prisma"),
      connectionTimeoutMillis: poolTimeoutMillis(),
      options: sessionOptions(),
    }),
    omit: { user: { passwordHash: true }, providerAccount: { tokenCiphertext: true } },
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
