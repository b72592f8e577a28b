// An outcome in hand is not lost to a busy pool (lib/dispatch/record.ts recordQuery): with every connection of the
// relaxed pool held past the pool's wait, the write is tried again, and lands once a connection comes free. Without
// the retry the write failed at the first wait and recovery made the chunk UNKNOWN although its answer was known.
import { expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool, relaxedPool } from "@/lib/db/pool";
import { author } from "@/test/upload-helpers";
import { phones } from "@/test/dispatch-harness";
import { heldBatch } from "@/test/small-batch";
import { whileAllHeld } from "@/test/busy-pool";
import { releaseChunk } from "./record";

const authorId = await author();
const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });
const batchId = await heldBatch(accountId, "record retry", phones(100, 7_300_000), {
  authorId,
  templateText: "Clinic on Monday",
});
const chunkId = (
  await pool().query<{ id: string }>(
    `UPDATE "DispatchChunk" SET state = 'SUBMITTING', "workerKey" = 1, attempts = 1, "claimedAt" = now()
     WHERE "batchId" = $1 RETURNING id::text`,
    [batchId],
  )
).rows[0]!.id;

test("a write that finds no free connection in time is tried again, and lands when one comes free", async () => {
  const retried = await whileAllHeld(relaxedPool(), "Recording a chunk's outcome", () =>
    releaseChunk(chunkId, "503 Service Unavailable"),
  );
  expect(retried).toBe(1);
  const { rows } = await pool().query(`SELECT state::text, "lastError" FROM "DispatchChunk" WHERE id = $1`, [chunkId]);
  expect(rows[0]).toEqual({ state: "PENDING", lastError: "503 Service Unavailable" });
});
