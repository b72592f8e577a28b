// A pool with every connection held, for the tests that an outcome's write is tried again on a busy pool
// (lib/dispatch/record.ts, lib/webhooks/record-outcomes.ts).
import type pg from "pg";
import { vi } from "vitest";
import { logger } from "@/lib/log";

/**
 * Runs `work` with every connection of `pool` held, and frees them the moment a warning starting with `retryLine` is
 * logged (the retry saying so): the first attempt's wait ends without a connection, and the next attempt finds one,
 * whatever the machine's speed. Returns how many such warnings there were.
 */
export async function whileAllHeld(pool: pg.Pool, retryLine: string, work: () => Promise<unknown>): Promise<number> {
  let held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
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
  }
  return retried;
}
