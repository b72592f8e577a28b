// A chunk whose request reached nobody goes back to be claimed again (lib/dispatch/record.ts releaseChunk) — unless
// its batch was cancelled while the request was out: then it is cancelled with its messages, as cancelling would
// have done, and the duplicate-send guard forgets them. Against a real PostgreSQL, with the chunk put in flight the
// way a claim leaves it (SUBMITTING), so the order of cancel and release is the test's, not a race's.
import { expect, test } from "vitest";
import { account, countRows } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { author } from "@/test/upload-helpers";
import { batchRow, countersConsistent, phones } from "@/test/dispatch-harness";
import { heldBatch } from "@/test/small-batch";
import { cancelBatch } from "@/lib/batches/cancel-batch";
import { releaseChunk } from "./record";

const authorId = await author();
const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });

/** A batch of 250 (chunks of 100, 100 and 50) whose first chunk is in flight, as a claim leaves it. */
async function batchInFlight(offset: number) {
  const id = await heldBatch(
    accountId,
    `release ${offset}`,
    phones(250, offset),
    { authorId, templateText: "Clinic on Monday" },
    { guardDuplicates: true },
  );
  const { rows } = await pool().query<{ id: string }>(
    `UPDATE "DispatchChunk" SET state = 'SUBMITTING', "workerKey" = 1, attempts = 1, "claimedAt" = now()
     WHERE id = (SELECT min(id) FROM "DispatchChunk" WHERE "batchId" = $1) RETURNING id::text`,
    [id],
  );
  return { batchId: id, chunkId: rows[0]!.id };
}

const chunkStates = async (batchId: string) =>
  (
    await pool().query<{ state: string; n: number }>(
      `SELECT state::text, count(*)::int AS n FROM "DispatchChunk" WHERE "batchId" = $1 GROUP BY 1 ORDER BY 1`,
      [batchId],
    )
  ).rows;
const remembered = (batchId: string) => countRows(`"SentText" WHERE "batchId" = $1`, [batchId]);

test("a chunk released after its batch was cancelled is cancelled with its messages: none left waiting", async () => {
  const { batchId, chunkId } = await batchInFlight(7_100_000);
  expect(await remembered(batchId)).toBe(250);
  // Cancelling leaves the chunk in flight to finish: 150 cancelled now.
  expect(await cancelBatch(batchId, authorId)).toBe(150);
  expect((await batchRow(batchId)).pendingCount).toBe(100);

  await releaseChunk(chunkId, "503 Service Unavailable");
  const batch = await batchRow(batchId);
  expect([batch.state, batch.pendingCount, batch.cancelledCount]).toEqual(["CANCELLED", 0, 250]);
  expect(await countersConsistent(batchId)).toBe(true);
  expect(await chunkStates(batchId)).toEqual([{ state: "CANCELLED", n: 3 }]);
  // Never sent, so not sent "recently": a later batch with the same text is not held back for them.
  expect(await remembered(batchId)).toBe(0);
});

test("a chunk released while its batch goes on is put back to be claimed again, its messages untouched", async () => {
  const { batchId, chunkId } = await batchInFlight(7_200_000);
  await releaseChunk(chunkId, "connection refused");
  const batch = await batchRow(batchId);
  expect([batch.state, batch.pendingCount, batch.cancelledCount]).toEqual(["SCHEDULED", 250, 0]);
  expect(await chunkStates(batchId)).toEqual([{ state: "PENDING", n: 3 }]);
  expect(
    (await pool().query(`SELECT "lastError", "workerKey" FROM "DispatchChunk" WHERE id = $1`, [chunkId])).rows[0],
  ).toEqual({ lastError: "connection refused", workerKey: null });
  expect(await remembered(batchId)).toBe(250);
  // A second release of the same chunk (it is no longer SUBMITTING) changes nothing.
  await releaseChunk(chunkId, "again");
  expect((await pool().query(`SELECT "lastError" FROM "DispatchChunk" WHERE id = $1`, [chunkId])).rows[0]).toEqual({
    lastError: "connection refused",
  });
});
