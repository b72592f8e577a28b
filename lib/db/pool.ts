// A plain pg pool for the set-based bulk statements (COPY, unnest) that Prisma is too slow for (DESIGN.md §9).
import "server-only";
import pg from "pg";
import { databaseUrl } from "./url";

const globalForPool = globalThis as unknown as { tumaPool?: pg.Pool };

export function pool(): pg.Pool {
  globalForPool.tumaPool ??= new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  return globalForPool.tumaPool;
}
