// A fair share over HTTP, against the built console: a user holds at most two uploads and two exports at once. Two
// are held open on purpose — an upload whose body is never finished, an export whose response is never read — and
// the third is refused with 429 and its sentence; when the client of one goes away, the server notices, stops it and
// frees its slot (polled in the database, never timed), and the next one is accepted. Compose's planner and
// duplicate check are capped the same way, counted in the same table.
import http from "node:http";
import type { Page } from "@playwright/test";
import type pg from "pg";
import { expect, logIn, test } from "./fixtures";

const base = () => new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000");

async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The user's slots of a kind, as every web process counts them. */
async function slots(db: pg.Client, userId: string, kind: "UPLOAD" | "EXPORT" | "PLAN"): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "TransferSlot" WHERE "userId" = $1 AND kind = $2`,
    [userId, kind],
  );
  return rows[0]!.n;
}

/** An upload that sends its first rows and then nothing more, its connection kept open. */
function heldUpload(cookie: string, name: string): http.ClientRequest {
  const request = http.request(new URL(`/api/lists?filename=${name}`, base()), {
    method: "POST",
    headers: { cookie, "content-type": "text/csv", "content-length": 5_000_000 },
  });
  request.on("error", () => {});
  const rows = Array.from({ length: 2_000 }, (_, i) => `07${String(40_000_000 + i)},Held ${i}`).join("\n");
  request.write(`phone,name\n${rows}\n`);
  return request;
}

/** An export whose response is never read past its headers (the server's socket buffers fill, then it waits). */
function heldExport(cookie: string, path: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, base()), { headers: { cookie } }, (response) => {
      response.pause();
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}

test("a third upload at once is refused with 429 and its sentence; when one of the two goes away, the next is accepted", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const cookie = await cookieOf(page);
  const held = [heldUpload(cookie, "held-1.csv"), heldUpload(cookie, "held-2.csv")];
  await expect.poll(() => slots(db, operator.id, "UPLOAD"), { timeout: 30_000 }).toBe(2);

  const third = () =>
    page.request.post("/api/lists?filename=third.csv", {
      headers: { "content-type": "text/csv" },
      data: "phone,name\n0712000001,Third\n",
    });
  const refused = await third();
  expect(refused.status()).toBe(429);
  expect((await refused.json()).message).toBe(
    "You already have 2 uploads in progress. Wait for one to finish, then upload this file.",
  );

  held[0]!.destroy();
  await expect.poll(() => slots(db, operator.id, "UPLOAD"), { timeout: 30_000 }).toBe(1);
  const accepted = await third();
  expect(accepted.status()).toBe(201);
  expect((await accepted.json()).list).toMatchObject({ filename: "third.csv", valid: 1 });

  held[1]!.destroy();
  await expect.poll(() => slots(db, operator.id, "UPLOAD"), { timeout: 30_000 }).toBe(0);
  // The two that went away stored nothing: only the third is a list.
  const { rows } = await db.query(`SELECT filename, state FROM "List" WHERE "authorId" = $1`, [operator.id]);
  expect(rows).toEqual([{ filename: "third.csv", state: "READY" }]);
});

test("a third export at once is refused with 429 and its sentence; an export whose client goes away is stopped and frees its slot", async ({
  page,
  seedUser,
  db,
}) => {
  const viewer = await seedUser("VIEWER");
  // Exporting recipients is a permission of its own (issue 35): this viewer was allowed it by an administrator.
  await db.query(`UPDATE "User" SET "exportGranted" = true WHERE id = $1`, [viewer.id]);
  // 100,000 recipients with a 400-character text each: a 47 MB CSV, far more than a connection's buffers hold, so
  // an export nobody reads stays open.
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', 'Fair share', id, 'Hello', 'TUMA', 'COMPLETED', now(), now() FROM "ProviderAccount" LIMIT 1
     RETURNING id`,
  );
  const batchId = rows[0]!.id;
  await db.query(
    `INSERT INTO "Message" ("batchId", phone, state, text)
     SELECT $1, '2547' || lpad(g::text, 8, '0'), 'DELIVERED', repeat('x', 400) FROM generate_series(1, 100000) g`,
    [batchId],
  );
  await db.query(`UPDATE "Batch" SET "recipientCount" = 100000 WHERE id = $1`, [batchId]);
  await logIn(page, viewer);
  const cookie = await cookieOf(page);
  const path = `/api/batches/${batchId}/export`;

  const held = [await heldExport(cookie, path), await heldExport(cookie, `${path}?filter=DELIVERED`)];
  expect(held.map((h) => h.status)).toEqual([200, 200]);
  expect(await slots(db, viewer.id, "EXPORT")).toBe(2);

  const refused = await page.request.get(`${path}?format=xlsx`);
  expect(refused.status()).toBe(429);
  expect((await refused.json()).message).toBe(
    "You already have 2 exports downloading. Wait for one to finish, then export again.",
  );

  // The client goes away: the server cancels the export (no page is queried after it) and frees the slot.
  held[0]!.close();
  await expect.poll(() => slots(db, viewer.id, "EXPORT"), { timeout: 30_000 }).toBe(1);
  // The other is still held by its reader, who has not read it: the server waits for them, it has not run ahead to
  // the end of the file.
  expect(await slots(db, viewer.id, "EXPORT")).toBe(1);
  const small = await page.request.get(`${path}?format=xlsx&q=254700000007`);
  expect(small.status()).toBe(200);
  expect(small.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");

  held[1]!.close();
  await expect.poll(() => slots(db, viewer.id, "EXPORT"), { timeout: 30_000 }).toBe(0);
});

test("Compose's planner and duplicate check: with two of a kind held for the user elsewhere, the next is refused with 429 and its sentence; freed, it runs", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const uploaded = await page.request.post("/api/lists?filename=checks.csv", {
    headers: { "content-type": "text/csv" },
    data: "phone,name\n0711222001,Amina\n0711222002,Baraka\n",
  });
  const { list } = (await uploaded.json()) as { list: { id: string } };
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM "ProviderAccount" LIMIT 1`);
  const plan = () =>
    page.request.post("/api/compose/plan", {
      data: { listId: list.id, accountId: rows[0]!.id, kind: "SMS", templateText: "Habari {{name}}" },
    });
  const duplicates = () =>
    page.request.post("/api/compose/duplicates", {
      data: { listId: list.id, templateText: "Habari {{name}}", format: "json" },
    });
  // Two checks of a kind running for this user in another web process: their rows, beating.
  const hold = (kind: string) =>
    db.query(
      `INSERT INTO "TransferSlot" (id, kind, "userId") VALUES (gen_random_uuid(), $2, $1), (gen_random_uuid(), $2, $1)`,
      [operator.id, kind],
    );
  const cases = [
    {
      kind: "PLAN",
      ask: plan,
      other: duplicates,
      sentence: "Compose is already counting 2 plans for you. Wait for one to finish, then try again.",
    },
    {
      kind: "DUPLICATE_CHECK",
      ask: duplicates,
      other: plan,
      sentence: "Compose is already running 2 duplicate-send checks for you. Wait for one to finish, then try again.",
    },
  ];
  for (const { kind, ask, other, sentence } of cases) {
    await hold(kind);
    const refused = await ask();
    expect(refused.status(), kind).toBe(429);
    expect(await refused.json(), kind).toEqual({ ok: false, message: sentence });
    // The other kind has a share of its own.
    expect((await other()).status(), kind).toBe(200);
    await db.query(`DELETE FROM "TransferSlot" WHERE "userId" = $1`, [operator.id]);
    expect((await ask()).status(), kind).toBe(200);
  }
  // Each answered check gave its slot back.
  expect(await slots(db, operator.id, "PLAN")).toBe(0);
});
