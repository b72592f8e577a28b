// Every pool waits a bounded time for a free connection, then fails with a sentence (503): pg's pool of the bulk
// paths and Prisma's adapter pool, each held full by this test (the timeout is 1 s here, 10 s by default).
import { afterAll, expect, test } from "vitest";
import { toErrorBody } from "@/lib/errors/error-shape";
import { db } from "./client";
import { poolSize } from "./connection-budget";
import { pool } from "./pool";
import { DATABASE_BUSY, isPoolTimeout } from "./pool-timeout";

// Read on first use of env(), which nothing before this line makes.
process.env.DATABASE_POOL_TIMEOUT_SECONDS = "1";

const release: (() => void)[] = [];
afterAll(() => release.forEach((free) => free()));

/**
 * Opens all `size` connections of a pool before the test holds them, by running `size` overlapping statements. The
 * 1-s timeout bounds opening a connection as well as waiting for one, and on a loaded machine opening several can take
 * longer: a round that timed out is run again (the pool keeps what it opened, so each round needs fewer). Holding
 * them afterwards then takes idle connections, never new ones.
 */
async function openAll(size: number, statement: () => Promise<unknown>): Promise<void> {
  for (let round = 1; ; round++) {
    const results = await Promise.allSettled(Array.from({ length: size }, statement));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    if (refused.length === 0) return;
    // Only the pool's timeout is worth another round; any other error is the test's to report.
    const other = refused.find((error) => !isPoolTimeout(error));
    if (other) throw other;
    if (round === 20) throw new Error(`could not open ${size} connections in 20 rounds`, { cause: refused[0] });
  }
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => new Error("the query ran: the pool was not full"),
    (error: unknown) => error,
  );
}

test("pg's pool, all its connections held: a query fails with the busy sentence instead of waiting for ever", async () => {
  // Its share of DATABASE_POOL_MAX (lib/db/connection-budget.ts).
  const size = poolSize("bulk");
  await openAll(size, () => pool().query("SELECT pg_sleep(0.2)"));
  expect(pool().totalCount).toBe(size);
  const held = await Promise.all(Array.from({ length: size }, () => pool().connect()));
  release.push(() => held.forEach((client) => client.release()));
  const { status, body } = toErrorBody(await failure(pool().query("SELECT 1")), "test");
  expect([status, body.message]).toEqual([503, DATABASE_BUSY]);
  expect(DATABASE_BUSY).toBe("Every database connection is busy; nothing was changed. Try again in a moment.");
});

test("Prisma's pool, all its connections held by open transactions: a query fails with the same sentence", async () => {
  const size = poolSize("prisma");
  await openAll(size, () => db.$queryRaw`SELECT 1 AS slept FROM pg_sleep(0.2)`);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  const transactions = Array.from({ length: size }, () =>
    db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        started++;
        await gate;
      },
      { maxWait: 30_000, timeout: 60_000 },
    ),
  );
  release.push(open);
  // A transaction that failed to start would leave `started` short for ever: fail with its error instead.
  const failed = Promise.all(transactions).then(() => new Error("the transactions ended before being held"));
  failed.catch(() => {}); // raced below; a late rejection is reported by the last line's await
  while (started < size) {
    const settled = await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 20))]);
    if (settled instanceof Error) throw settled;
  }
  const { status, body } = toErrorBody(await failure(db.user.count()), "test");
  expect([status, body.message]).toEqual([503, DATABASE_BUSY]);
  open();
  await Promise.all(transactions);
});
