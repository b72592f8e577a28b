// A statement on this process's pool (lib/db/pool.ts), as the benchmarks read their figures: its rows, its first row,
// or the number its first row holds in `n`; and work in one transaction.
import type { PoolClient, QueryResultRow } from "pg";
import { pool } from "../lib/db/pool";

export async function rowsOf<T extends QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await pool().query<T>(sql, values)).rows;
}

export async function firstRow<T extends QueryResultRow>(sql: string, values: unknown[] = []): Promise<T> {
  return (await rowsOf<T>(sql, values))[0]!;
}

/** `n` of the first row, a count or an id, as a number (a bigint comes as text). */
export async function numberOf(sql: string, values: unknown[] = []): Promise<number> {
  return Number((await firstRow<{ n: number | string }>(sql, values)).n);
}

/** `work` on one client of the pool in a transaction ended by `end` (ROLLBACK: what it wrote is undone). */
export async function inTransaction<T>(
  work: (client: PoolClient) => Promise<T>,
  end: "COMMIT" | "ROLLBACK" = "COMMIT",
): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    return await work(client);
  } finally {
    await client.query(end);
    client.release();
  }
}
