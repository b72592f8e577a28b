// Every pool waits a bounded time for a free connection, then fails with a sentence (503): pg's pool of the bulk
// paths and Prisma's adapter pool, each held full by this test (the timeout is 1 s here, 10 s by default).
import { afterAll, expect, test } from "vitest";
import { toErrorBody } from "@/lib/errors/error-shape";
import { db } from "./client";
import { poolSize } from "./connection-budget";
import { pool } from "./pool";
import { DATABASE_BUSY } from "./pool-timeout";

// Read on first use of env(), which nothing before this line makes.
process.env.DATABASE_POOL_TIMEOUT_SECONDS = "1";

const release: (() => void)[] = [];
afterAll(() => release.forEach((free) => free()));

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => new Error("the query ran: the pool was not full"),
    (error: unknown) => error,
  );
}

test("pg's pool, all its connections held: a query fails with the busy sentence instead of waiting for ever", async () => {
  // Its share of DATABASE_POOL_MAX (lib/db/connection-budget.ts).
  const held = await Promise.all(Array.from({ length: poolSize("bulk") }, () => pool().connect()));
  release.push(() => held.forEach((client) => client.release()));
  const { status, body } = toErrorBody(await failure(pool().query("SELECT 1")), "test");
  expect([status, body.message]).toEqual([503, DATABASE_BUSY]);
  expect(DATABASE_BUSY).toBe("Every database connection is busy; nothing was changed. Try again in a moment.");
});

test("Prisma's pool, all its connections held by open transactions: a query fails with the same sentence", async () => {
  const size = poolSize("prisma");
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
  while (started < size) await new Promise((resolve) => setTimeout(resolve, 20));
  const { status, body } = toErrorBody(await failure(db.user.count()), "test");
  expect([status, body.message]).toEqual([503, DATABASE_BUSY]);
  open();
  await Promise.all(transactions);
});
