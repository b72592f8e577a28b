// A pool with every connection held, for the tests that an outcome's write is tried again on a busy pool
// (lib/dispatch/record.ts, lib/webhooks/record-outcomes.ts).
import type pg from "pg";
import { vi } from "vitest";
import { logger } from "@/lib/log";

/** The pool's wait for a free connection while all are held: short, so that the first attempt's wait ends at once. */
const HELD_WAIT_MS = 1_000;

/**
 * Runs `work` with every connection of `pool` held, and frees them the moment a warning starting with `retryLine` is
 * logged (the retry saying so): the first attempt's wait ends without a connection, and the next attempt finds one,
 * whatever the machine's speed. Returns how many such warnings there were. The wait is short only while the
 * connections are held (pg-pool reads it at each connect): opening them, and the file's set-up, keep the run's bound
 * (test/setup.ts) — a 1 s bound from the start failed a file's set-up at load 20, a handshake taking longer.
 */
export async function whileAllHeld(pool: pg.Pool, retryLine: string, work: () => Promise<unknown>): Promise<number> {
  let held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  const wait = pool.options.connectionTimeoutMillis;
  pool.options.connectionTimeoutMillis = HELD_WAIT_MS;
  const release = () => {
    for (const client of held) client.release();
    held = [];
  };
  let retried = 0;
  const warn = vi.spyOn(logger(), "warn").mockImplementation((...args: unknown[]) => {
    if (!String(args[1]).startsWith(retryLine)) return;
    retried++;
    release();
  });
  try {
    await work();
  } finally {
    warn.mockRestore();
    release();
    pool.options.connectionTimeoutMillis = wait;
  }
  return retried;
}
