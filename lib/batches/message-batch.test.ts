// A message always belongs to a batch that exists (migration message_batch_check, docs/partitioning.md "A message's
// batch"): statement triggers in place of the foreign key Message.batchId → Batch refuse a message of a missing batch
// on every way of storing one, delete a deleted batch's messages (and its escalation batch's), hold against a delete
// running beside the store, and refuse moving a message or renumbering a batch.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account, countRows } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { heldBatch, numbersFrom } from "@/test/small-batch";

let offset = 0;

const accountId = await account();

async function batch(count: number): Promise<string> {
  offset += 1_000;
  return heldBatch(accountId, `message batch ${offset}`, numbersFrom(40_000_000 + offset, count));
}

const messagesOf = (batchIds: string[]) => countRows(`"Message" WHERE "batchId" = ANY($1::uuid[])`, [batchIds]);

const insert = (client: Pick<pg.PoolClient, "query">, batchIds: string[]) =>
  client.query(
    `INSERT INTO "Message" ("batchId", phone, "updatedAt") SELECT b, '254711000000', now() FROM unnest($1::uuid[]) AS b`,
    [batchIds],
  );

const copy = (client: pg.PoolClient, batchId: string) =>
  pipeline(
    Readable.from([`${batchId}\t254711000001\t2026-11-29T10:00:00Z\n`]),
    client.query(copyFrom(`COPY "Message" ("batchId", phone, "updatedAt") FROM STDIN`)),
  );

/** The SQLSTATE of what `work` throws (null: it did not). */
async function failure(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** Waits until the session `pid` is waiting for a lock (the statement it runs is blocked by another transaction). */
async function blocked(pid: number): Promise<void> {
  for (;;) {
    const { rows } = await pool().query<{ waiting: boolean }>(
      `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`,
      [pid],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function session<T>(work: (client: pg.PoolClient, pid: number) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return await work(client, rows[0]!.pid);
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    client.release();
  }
}

test("a message of a batch that does not exist is refused, by INSERT or COPY, alone or beside one that does", async () => {
  const id = await batch(2);
  const missing = randomUUID();
  expect(await failure(() => insert(pool(), [missing]))).toBe("23503");
  expect(await failure(() => insert(pool(), [id, missing]))).toBe("23503");
  expect(await failure(() => session((client) => copy(client, missing)))).toBe("23503");
  expect(await messagesOf([id, missing])).toBe(2);
  // The batch that exists takes them, by either path.
  await insert(pool(), [id, id]);
  await session((client) => copy(client, id));
  expect(await messagesOf([id])).toBe(5);
});

test("deleting a batch deletes its messages, and its escalation batch's with it", async () => {
  const sms = await batch(30);
  const calls = await batch(20);
  const kept = await batch(3);
  await pool().query(`UPDATE "Batch" SET "escalatesBatchId" = $2 WHERE id = $1`, [calls, sms]);
  await pool().query(`DELETE FROM "Batch" WHERE id = $1`, [sms]);
  expect(await db.batch.count({ where: { id: { in: [sms, calls] } } })).toBe(0);
  expect(await messagesOf([sms, calls])).toBe(0);
  expect(await messagesOf([kept])).toBe(3);
});

test("a batch deleted while its messages are stored beside it: the store waits and fails", async () => {
  const id = await batch(1);
  await session(async (deleting) => {
    await deleting.query("BEGIN");
    await deleting.query(`DELETE FROM "Batch" WHERE id = $1`, [id]);
    const stored = session(async (storing, pid) => {
      const outcome = failure(() => insert(storing, [id]));
      await blocked(pid);
      await deleting.query("COMMIT");
      return outcome;
    });
    expect(await stored).toBe("23503");
  });
  expect(await messagesOf([id])).toBe(0);
});

test("a batch deleted while its messages are being stored: the delete waits, and takes them too", async () => {
  const id = await batch(1);
  await session(async (storing) => {
    await storing.query("BEGIN");
    await insert(storing, [id, id, id]);
    await session(async (deleting, pid) => {
      const deleted = deleting.query(`DELETE FROM "Batch" WHERE id = $1`, [id]);
      await blocked(pid);
      await storing.query("COMMIT");
      await deleted;
    });
  });
  expect(await db.batch.count({ where: { id } })).toBe(0);
  expect(await messagesOf([id])).toBe(0);
});

test("a message never moves to another batch, and a batch's id never changes", async () => {
  const [from, to] = [await batch(2), await batch(1)];
  expect(
    await failure(() => pool().query(`UPDATE "Message" SET "batchId" = $2 WHERE "batchId" = $1`, [from, to])),
  ).toBe("23503");
  // Setting it to what it is changes nothing, and is allowed.
  await pool().query(`UPDATE "Message" SET "batchId" = "batchId" WHERE "batchId" = $1`, [from]);
  expect(await failure(() => pool().query(`UPDATE "Batch" SET id = gen_random_uuid() WHERE id = $1`, [to]))).toBe(
    "23503",
  );
  expect(await messagesOf([from])).toBe(2);
  expect(await messagesOf([to])).toBe(1);
});

// Last: it empties this file's database.
test("TRUNCATE of the batches empties the messages, as the foreign key's CASCADE did", async () => {
  await batch(5);
  await pool().query(`TRUNCATE "Batch" CASCADE`);
  expect(await countRows(`"Message"`)).toBe(0);
});
