// An upload is STORING while it is read, and says how far it has got; one left STORING by a process that died is
// deleted by the worker's sweep with everything it stored, while one still being read is left alone.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { databaseUrl } from "@/lib/db/url";
import { pool } from "@/lib/db/pool";
import { author } from "@/test/upload-helpers";
import { importUpload } from "./import-upload";
import { deleteInterruptedUploads } from "./interrupted-uploads";

let authorId: string;
let session: pg.Client;
beforeAll(async () => {
  authorId = await author();
  session = new pg.Client({ connectionString: databaseUrl() });
  await session.connect();
});
afterAll(() => session.end());

test("a list being read shows its progress and is kept by the sweep; one whose reader died is deleted", async () => {
  // A file that arrives in two halves, the second only when the test says so (a slow connection).
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const line = (i: number) => `07${String(50_000_000 + i)},Name ${i}\n`;
  const half = (from: number) => Buffer.from(Array.from({ length: 30_000 }, (_, i) => line(from + i)).join(""));
  async function* slowFile(): AsyncGenerator<Uint8Array> {
    yield Buffer.from("phone,name\n");
    yield half(0);
    await gate;
    yield half(30_000);
  }
  const progressKey = randomUUID();
  const reading = importUpload({ body: slowFile(), declaredBytes: null, filename: "slow.csv", authorId, progressKey });

  const progress = async () =>
    (
      await pool().query<{ state: string; rowCount: number; sizeBytes: number }>(
        `SELECT state, "rowCount", "sizeBytes" FROM "Upload" WHERE "progressKey" = $1`,
        [progressKey],
      )
    ).rows[0];
  await expect.poll(async () => (await progress())?.rowCount ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(25_000);
  expect(await progress()).toMatchObject({ state: "STORING" });
  expect((await progress())!.sizeBytes).toBeGreaterThan(0);

  // A list whose reader died: STORING, with rows, and nobody holds its lock.
  const dead = randomUUID();
  await pool().query(
    `INSERT INTO "Upload" (id, filename, "sizeBytes", columns, "authorId", state) VALUES ($1, 'dead.csv', 0, '{phone}', $2, 'STORING')`,
    [dead, authorId],
  );
  await pool().query(
    `INSERT INTO "UploadRecipient" ("uploadId", "rowNumber", phone, "values") VALUES ($1, 2, '254712000000', '["0712000000"]')`,
    [dead],
  );
  await pool().query(
    `INSERT INTO "UploadIssue" ("uploadId", kind, "rowNumber", value, reason) VALUES ($1, 'INVALID', 3, '1', 'short')`,
    [dead],
  );

  expect(await deleteInterruptedUploads(session)).toEqual([dead]);
  const left = async (id: string) =>
    (
      await pool().query<{ n: number }>(
        `SELECT (SELECT count(*) FROM "Upload" WHERE id = $1) + (SELECT count(*) FROM "UploadRecipient" WHERE "uploadId" = $1)
              + (SELECT count(*) FROM "UploadIssue" WHERE "uploadId" = $1) AS n`,
        [id],
      )
    ).rows[0]!.n;
  expect(Number(await left(dead))).toBe(0);

  release();
  const done = await reading;
  expect(done).toMatchObject({ rows: 60_000, valid: 60_000 });
  expect(await progress()).toMatchObject({ state: "READY", rowCount: 60_000 });
  expect(await deleteInterruptedUploads(session)).toEqual([]);
  expect(Number(await left(done.id))).toBe(60_001); // the upload and its 60,000 rows
});
