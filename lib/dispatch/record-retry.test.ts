// An outcome in hand is not lost to a busy pool (lib/dispatch/record.ts recordQuery): with every connection of the
// relaxed pool held past the pool's wait, the write is tried again, and lands once a connection comes free. Without
// the retry the write failed at the first wait and recovery made the chunk UNKNOWN although its answer was known.
import type pg from "pg";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { account } from "@/test/report-data";
import { pool, relaxedPool } from "@/lib/db/pool";
import { logger } from "@/lib/log";
import { author } from "@/test/upload-helpers";
import { phones } from "@/test/dispatch-harness";
import { heldBatch } from "@/test/small-batch";
import { releaseChunk } from "./record";

// The pool's wait, short so that the test's held connections outlast it at once (read when the pools are made).
process.env.DATABASE_POOL_TIMEOUT_SECONDS = "1";

let held: pg.PoolClient[] = [];
let batchId = "";
let chunkId = "";

beforeAll(async () => {
  const authorId = await author();
  const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });
  batchId = await heldBatch(accountId, "record retry", phones(100, 7_300_000), {
    authorId,
    templateText: "Clinic on Monday",
  });
  chunkId = (
    await pool().query<{ id: string }>(
      `UPDATE "DispatchChunk" SET state = 'SUBMITTING', "workerKey" = 1, attempts = 1, "claimedAt" = now()
       WHERE "batchId" = $1 RETURNING id::text`,
      [batchId],
    )
  ).rows[0]!.id;
});

afterAll(() => {
  for (const client of held) client.release();
  held = [];
});

test("a write that finds no free connection in time is tried again, and lands when one comes free", async () => {
  const relaxed = relaxedPool();
  held = await Promise.all(Array.from({ length: relaxed.options.max }, () => relaxed.connect()));
  // The first attempt's wait ends without a connection and the retry says so: the connections come free right then,
  // before the next attempt asks for one, whatever the machine's speed.
  let retried = 0;
  const warn = vi.spyOn(logger(), "warn").mockImplementation((...args: unknown[]) => {
    if (String(args[1]).startsWith("Recording a chunk's outcome")) {
      retried++;
      for (const client of held) client.release();
      held = [];
    }
  });
  try {
    await releaseChunk(chunkId, "503 Service Unavailable");
  } finally {
    warn.mockRestore();
  }
  expect(retried).toBe(1);
  const { rows } = await pool().query(`SELECT state::text, "lastError" FROM "DispatchChunk" WHERE id = $1`, [chunkId]);
  expect(rows[0]).toEqual({ state: "PENDING", lastError: "503 Service Unavailable" });
});
