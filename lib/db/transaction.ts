// A pg transaction on the bulk pool, retried when PostgreSQL aborts it for a deadlock or a serialization failure
// (both are safe to retry: the whole transaction was rolled back). `relaxed` commits without waiting for the disk:
// see relaxedPool() for when that is safe.
import "server-only";
import type pg from "pg";
import { pool, relaxedPool } from "./pool";

const RETRYABLE = new Set(["40P01", "40001"]);

export async function transaction<T>(
  work: (client: pg.PoolClient) => Promise<T>,
  options: { relaxed?: boolean; attempts?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const client = await (options.relaxed ? relaxedPool() : pool()).connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    } finally {
      client.release();
    }
  }
}
