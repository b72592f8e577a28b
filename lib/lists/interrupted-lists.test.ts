// An upload is STORING while it is read, says how far it has got and beats while it waits for bytes, holding no
// database connection meanwhile; one whose reader died (its heartbeat stale) is deleted by the worker's sweep with
// everything it stored, while one still being read is left alone — and one taken for dead stores nothing more.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { relaxedPool, pool } from "@/lib/db/pool";
import { author } from "@/test/upload-helpers";
import { importList } from "./import-list";
import { deleteInterruptedLists } from "./interrupted-lists";
import { HEARTBEAT_MS } from "./list-heartbeat";
import { UPLOAD_LOST } from "./list-writer";
import { WAIT_BOUND_MS } from "@/test/wait-bound";

const line = (i: number) => `07${String(50_000_000 + i)},Name ${i}\n`;
const half = (from: number) => Buffer.from(Array.from({ length: 30_000 }, (_, i) => line(from + i)).join(""));

/** A file that arrives in two halves, the second only when the test says so (a slow connection). */
function slowUpload(authorId: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  async function* slowFile(): AsyncGenerator<Uint8Array> {
    yield Buffer.from("phone,name\n");
    yield half(0);
    await gate;
    yield half(30_000);
  }
  const progressKey = randomUUID();
  const reading = importList({ body: slowFile(), declaredBytes: null, filename: "slow.csv", authorId, progressKey });
  reading.catch(() => {}); // awaited by the test
  const row = async () =>
    (
      await pool().query<{ id: string; state: string; rowCount: number; sizeBytes: number; heartbeatAt: Date }>(
        `SELECT id, state, "rowCount", "sizeBytes", "heartbeatAt" FROM "List" WHERE "progressKey" = $1`,
        [progressKey],
      )
    ).rows[0];
  return { reading, release, row };
}

const left = async (id: string) =>
  Number(
    (
      await pool().query<{ n: string }>(
        `SELECT (SELECT count(*) FROM "List" WHERE id = $1) + (SELECT count(*) FROM "ListRecipient" WHERE "listId" = $1)
              + (SELECT count(*) FROM "ListIssue" WHERE "listId" = $1) AS n`,
        [id],
      )
    ).rows[0]!.n,
  );

test("a list being read shows its progress, beats while it waits, holds no connection, and is kept by the sweep; one whose reader died is deleted", async () => {
  const authorId = await author();
  const upload = slowUpload(authorId);
  await expect
    .poll(async () => (await upload.row())?.rowCount ?? 0, { timeout: WAIT_BOUND_MS })
    .toBeGreaterThanOrEqual(25_000);
  const first = (await upload.row())!;
  expect(first).toMatchObject({ state: "STORING" });
  expect(first.sizeBytes).toBeGreaterThan(0);

  // While the file waits for its second half, no connection is held for it (the pools lend none out) ...
  await expect.poll(() => relaxedPool().totalCount - relaxedPool().idleCount, { timeout: WAIT_BOUND_MS }).toBe(0);
  // ... and its heartbeat moves on all the same.
  await expect
    .poll(async () => (await upload.row())!.heartbeatAt.getTime(), { timeout: HEARTBEAT_MS * 3 })
    .toBeGreaterThan(first.heartbeatAt.getTime());

  // A list whose reader died a while ago: STORING, with rows, and a heartbeat an hour old.
  const dead = randomUUID();
  await pool().query(
    `INSERT INTO "List" (id, filename, name, "sizeBytes", columns, "authorId", state, "heartbeatAt")
     VALUES ($1, 'dead.csv', 'dead', 0, '{phone}', $2, 'STORING', now() - interval '1 hour')`,
    [dead, authorId],
  );
  await pool().query(
    `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, "values") VALUES ($1, 2, '254712000000', '["0712000000"]')`,
    [dead],
  );
  await pool().query(
    `INSERT INTO "ListIssue" ("listId", kind, "rowNumber", value, reason) VALUES ($1, 'INVALID', 3, '1', 'short')`,
    [dead],
  );

  expect(await deleteInterruptedLists()).toEqual([dead]);
  expect(await left(dead)).toBe(0);

  upload.release();
  const done = await upload.reading;
  expect(done).toMatchObject({ rows: 60_000, valid: 60_000 });
  expect(await upload.row()).toMatchObject({ state: "READY", rowCount: 60_000 });
  expect(await deleteInterruptedLists()).toEqual([]);
  expect(await left(done.id)).toBe(60_001); // the upload and its 60,000 rows
});

test("an upload the sweep took for dead (its reader stalled past the limit) stores nothing more and says so", async () => {
  const authorId = await author();
  const upload = slowUpload(authorId);
  await expect
    .poll(async () => (await upload.row())?.rowCount ?? 0, { timeout: WAIT_BOUND_MS })
    .toBeGreaterThanOrEqual(25_000);
  const { id, heartbeatAt } = (await upload.row())!;
  // Right after a beat (the next is HEARTBEAT_MS away), the reader is made, as far as the database can tell, silent
  // for an hour.
  await expect
    .poll(async () => (await upload.row())!.heartbeatAt.getTime(), { timeout: HEARTBEAT_MS * 3, interval: 20 })
    .toBeGreaterThan(heartbeatAt.getTime());
  await pool().query(`UPDATE "List" SET "heartbeatAt" = now() - interval '1 hour' WHERE id = $1`, [id]);
  expect(await deleteInterruptedLists()).toEqual([id]);

  upload.release();
  await expect(upload.reading).rejects.toThrow(UPLOAD_LOST);
  expect(await left(id)).toBe(0); // not a row of the second half stored under the deleted upload
});
