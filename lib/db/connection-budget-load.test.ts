// A worker process under more demand than its pools hold: every pool fills to its share and waits, and the
// connections it holds on the database (counted by PostgreSQL, not by the pools) are exactly DATABASE_POOL_MAX — never
// more. The demand is queries blocked on an advisory lock this test holds, so the pools stay full until it lets go.
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { acquireWorkerIdentity } from "@/lib/dispatch/worker-identity";
import { boss, stopBoss } from "@/lib/jobs/queue";
import { splitBudget } from "./connection-budget";
import { closePool, pool, relaxedPool } from "./pool";

// Read on first use of a pool, which nothing before this line makes.
process.env.TUMA_PROCESS_KIND = "worker";
process.env.DATABASE_POOL_TIMEOUT_SECONDS = "60";

const GATE = 424_242;
const observer = new pg.Client(process.env.DATABASE_URL);

afterAll(async () => {
  await observer.end().catch(() => {});
});

async function count(where: string): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
  );
  return rows[0]!.n;
}

test("a worker with DATABASE_POOL_MAX 10 and three times that demand on every pool holds exactly 10 connections", async () => {
  await observer.connect();
  const shares = splitBudget("worker", 10);
  const identity = await acquireWorkerIdentity();
  const jobs = await boss();
  // pg-boss keeps no connection idle after start; the gate is taken after it, so its start is not blocked.
  await observer.query("SELECT pg_advisory_lock($1)", [GATE]);
  const blocked = `SELECT 1 AS ok FROM pg_advisory_xact_lock_shared(${GATE})`;
  const demand: Promise<unknown>[] = [];
  for (let i = 0; i < 30; i++) {
    demand.push(pool().query(blocked));
    demand.push(relaxedPool().query(blocked));
    demand.push(jobs.getDb().executeSql(blocked, []));
  }
  const waiting = shares.bulk! + shares.relaxed! + shares.jobs!;
  expect(waiting).toBe(9);
  // Wait for the condition (every pool full, each connection waiting on the gate), however long that takes.
  while ((await count(`wait_event_type = 'Lock'`)) < waiting) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await count(`wait_event_type = 'Lock'`)).toBe(waiting);
  expect(await count("backend_type = 'client backend'")).toBe(10);
  await observer.query("SELECT pg_advisory_unlock($1)", [GATE]);
  await Promise.all(demand);
  await Promise.all([stopBoss(), closePool(), identity.release()]);
});
