// The promotional window in the database (promotional-window-sql.ts) against a real PostgreSQL: it agrees with the
// browser's arithmetic at the boundary instants whatever the session's zone, and dispatch claims no chunk of a
// promotional batch while the window is closed — nor of an operator-paused one while it is open — while a
// transactional batch is claimed at any hour.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { isInsideWindow } from "@/lib/compose/promotional-window";
import { zonedParts } from "@/lib/time/zoned-parts";
import { claimChunk } from "@/lib/dispatch/claim";
import { createBatch } from "./create-batch";
import { pauseBatch } from "./pause-batch";
import { resumeBatch } from "./resume-batch";
import { insidePromotionalWindowSql } from "./promotional-window-sql";

const ZONE = "Africa/Lagos"; // UTC+1: another zone than the session's and the process's

const accountId = await account();

async function setWindow(startMinute: number, endMinute: number) {
  const data = { timeZone: ZONE, promotionalStartMinute: startMinute, promotionalEndMinute: endMinute };
  await db.organisation.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

test("SQL and the browser agree at the window's boundary instants, in a session set to another zone", async () => {
  await setWindow(8 * 60, 20 * 60);
  const instants = [
    "2026-11-23T06:59:59.999Z",
    "2026-11-23T07:00:00.000Z",
    "2026-11-23T18:59:59.999Z",
    "2026-11-23T19:00:00.000Z",
    "2026-11-23T23:30:00.000Z",
  ];
  const client = await pool().connect();
  try {
    await client.query(`SET TIME ZONE 'Pacific/Kiritimati'`);
    const { rows } = await client.query<{ inside: boolean }>(
      `SELECT ${insidePromotionalWindowSql("t")} AS inside FROM unnest($1::timestamptz[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
      [instants],
    );
    expect(rows.map((r) => r.inside)).toEqual([false, true, true, false, false]);
    expect(instants.map((i) => isInsideWindow(new Date(i), { startMinute: 480, endMinute: 1200 }, ZONE))).toEqual(
      rows.map((r) => r.inside),
    );
    // A window that spans midnight (22:00–06:00): 23:30 local is inside, 07:00 local is not.
    await setWindow(22 * 60, 6 * 60);
    const { rows: night } = await client.query<{ inside: boolean }>(
      `SELECT ${insidePromotionalWindowSql("t")} AS inside FROM unnest($1::timestamptz[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
      [["2026-11-23T22:30:00.000Z", "2026-11-23T06:00:00.000Z"]],
    );
    expect(night.map((r) => r.inside)).toEqual([true, false]);
  } finally {
    await client.query(`RESET TIME ZONE`);
    client.release();
  }
});

/** A window of `from`..`to` minutes around the present, in the organisation's zone. */
async function windowAroundNow(from: number, to: number) {
  const p = zonedParts(Date.now(), ZONE);
  const now = p.hour * 60 + p.minute;
  await setWindow((now + from + 1440) % 1440, (now + to + 1440) % 1440);
}

const batch = (promotional: boolean, phone: string) =>
  createBatch({
    kind: "SMS",
    accountId,
    authorId: null,
    name: promotional ? "Offer" : "Reminder",
    templateText: "Karibu",
    sender: "TUMA",
    promotional,
    recipients: [{ phone }],
  });

test("a promotional batch is not claimed while the window is closed, and is once it opens; a transactional one always is", async () => {
  await windowAroundNow(120, 180); // opens in two hours
  const offer = await batch(true, "254700100001");
  const reminder = await batch(false, "254700100002");
  expect(await claimChunk(offer.id, 1)).toBeNull();
  expect((await claimChunk(reminder.id, 1))?.messages.map((m) => m.phone)).toEqual(["254700100002"]);
  const { rows } = await pool().query(`SELECT state, "pauseReason" FROM "Batch" WHERE id = $1`, [offer.id]);
  expect(rows[0]).toEqual({ state: "SENDING", pauseReason: null });

  await windowAroundNow(-60, 60); // open now
  expect((await claimChunk(offer.id, 1))?.messages.map((m) => m.phone)).toEqual(["254700100001"]);
});

test("an operator's pause holds inside the window; their resume outside it sends nothing until the window opens", async () => {
  await windowAroundNow(-60, 60);
  const offer = await batch(true, "254700100003");
  expect(await pauseBatch(offer.id, "Checking the offer", null)).toBe(true);
  expect(await claimChunk(offer.id, 1)).toBeNull();

  await windowAroundNow(120, 180);
  expect(await resumeBatch(offer.id, null)).toBe(true);
  expect(await claimChunk(offer.id, 1)).toBeNull();
  await windowAroundNow(-60, 60);
  expect((await claimChunk(offer.id, 1))?.messages.map((m) => m.phone)).toEqual(["254700100003"]);
});
