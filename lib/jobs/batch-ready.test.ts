// A batch's "ready" notification arrives when the transaction that makes it sendable commits: for a batch sent now
// and for a resumed one, never for a scheduled one. Heard on a plain session, as the worker hears it on its identity
// session. Notifications from one database arrive in commit order, so a sentinel batch's notice proves that none
// came before it.
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { account } from "@/test/report-data";
import { smallBatch } from "@/test/small-batch";
import { author } from "@/test/upload-helpers";
import { listenBatchReady } from "./batch-ready";

const session = new pg.Client(process.env.DATABASE_URL);
const heard: string[] = [];

await session.connect();
await listenBatchReady(session, (batchId) => heard.push(batchId));
const authorId = await author();
const accountId = await account();

afterAll(async () => {
  await session.end();
});

const create = (name: string, scheduledAt?: Date) =>
  smallBatch({ accountId, authorId }, name, {
    phones: ["254712000101", "254712000102"],
    ...(scheduledAt ? { scheduledAt } : {}),
  });

/** Waits until `batchId` has been heard; what was heard up to it, in order. */
async function heardUpTo(batchId: string): Promise<string[]> {
  while (!heard.includes(batchId)) await new Promise((resolve) => setTimeout(resolve, 10));
  return heard.splice(0, heard.indexOf(batchId) + 1);
}

test("a batch sent now is announced once its transaction commits; a scheduled one is not", async () => {
  const now = await create("now");
  expect(await heardUpTo(now.id)).toEqual([now.id]);
  const later = await create("later", new Date(Date.now() + 3_600_000));
  const sentinel = await create("sentinel");
  expect(await heardUpTo(sentinel.id)).toEqual([sentinel.id]);
  expect(heard).not.toContain(later.id);
});

test("a resumed batch is announced again", async () => {
  const batch = await create("paused");
  await heardUpTo(batch.id);
  expect(await pauseBatch(batch.id, "a test pauses it", null)).toBeTruthy();
  expect(await resumeBatch(batch.id, authorId)).toBe(true);
  expect(await heardUpTo(batch.id)).toEqual([batch.id]);
});
