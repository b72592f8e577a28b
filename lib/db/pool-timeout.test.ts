// Every pool waits a bounded time for a free connection, then fails with a sentence (503): pg's pool of the bulk
// paths and Prisma's adapter pool, each held full by this test (the timeout is 1 s here, 10 s by default).
import net from "node:net";
import pg from "pg";
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
  release.push(open);
  const transactions: Promise<unknown>[] = [];
  /**
   * Holds one connection in an open transaction. Overlapping statements do not prove every connection was opened (a
   * statement may wait for one freed by another within the timeout), so a transaction may still have to open one; on
   * a loaded machine that can meet the 1-s bound: the attempt is made again, as openAll does.
   */
  async function holdOne(): Promise<void> {
    for (let round = 1; ; round++) {
      let began!: () => void;
      const begun = new Promise<"held">((resolve) => (began = () => resolve("held")));
      const transaction = db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          began();
          await gate;
        },
        { maxWait: 30_000, timeout: 60_000 },
      );
      const outcome = await Promise.race([
        begun,
        transaction.then(
          () => new Error("ended before being held"),
          (e: unknown) => e,
        ),
      ]);
      if (outcome === "held") {
        transactions.push(transaction);
        return;
      }
      if (!isPoolTimeout(outcome) || round === 20) throw outcome;
    }
  }
  await Promise.all(Array.from({ length: size }, holdOne));
  const { status, body } = toErrorBody(await failure(db.user.count()), "test");
  expect([status, body.message]).toEqual([503, DATABASE_BUSY]);
  open();
  await Promise.all(transactions);
});

test("a database too busy to answer a new connection's handshake within the bound is the same busy sentence", async () => {
  // A listener that accepts the connection and never answers: pg's own connection timeout, not pg-pool's queue.
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as net.AddressInfo;
  const quiet = new pg.Pool({ host: "127.0.0.1", port, connectionTimeoutMillis: 200 });
  try {
    const error = await failure(quiet.query("SELECT 1"));
    expect(String(error)).toContain("Connection terminated due to connection timeout");
    const { status, body } = toErrorBody(error, "test");
    expect([status, body.message]).toEqual([503, DATABASE_BUSY]);
  } finally {
    await quiet.end();
    silent.close();
  }
});
