// MessageRareState follows every message into and out of an uncommon state, whatever path writes it, and holds
// exactly the states lib/states/states.ts calls uncommon (the trigger's SQL list and the TS list agree).
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { cancelBatch } from "./cancel-batch";
import { heldBatch, numbersFrom } from "@/test/small-batch";
import { MESSAGE_STATES, UNCOMMON_MESSAGE_STATES } from "@/lib/states/states";

let offset = 0;

const accountId = await account();

async function batch(count: number) {
  offset += 1_000;
  return heldBatch(accountId, `rare ${offset}`, numbersFrom(30_000_000 + offset, count));
}

const rows = (batchId: string) =>
  pool()
    .query<{ state: string; id: string }>(
      `SELECT state::text, "messageId"::text AS id FROM "MessageRareState" WHERE "batchId" = $1 ORDER BY "messageId"`,
      [batchId],
    )
    .then((r) => r.rows);

test("each state in turn: only the uncommon ones are kept, and leaving one removes its row", async () => {
  const id = await batch(1);
  const message = await db.message.findFirstOrThrow({ where: { batchId: id } });
  for (const state of MESSAGE_STATES) {
    await pool().query(`UPDATE "Message" SET state = $2::"MessageState" WHERE id = $1`, [message.id, state]);
    const expected = (UNCOMMON_MESSAGE_STATES as readonly string[]).includes(state)
      ? [{ state, id: String(message.id) }]
      : [];
    expect(await rows(id), state).toEqual(expected);
  }
});

test("set-based paths keep it too: a bulk update, cancel, suppression at storing, and deleting the batch", async () => {
  const id = await batch(300);
  await pool().query(
    `UPDATE "Message" m SET state = 'FAILED' FROM (SELECT id FROM "Message" WHERE "batchId" = $1 ORDER BY id LIMIT 40) f WHERE m.id = f.id`,
    [id],
  );
  expect((await rows(id)).filter((r) => r.state === "FAILED")).toHaveLength(40);
  await pool().query(`UPDATE "Batch" SET state = 'SENDING' WHERE id = $1`, [id]);
  expect(await cancelBatch(id, null)).toBe(260);
  const kept = await rows(id);
  expect(kept.filter((r) => r.state === "CANCELLED")).toHaveLength(260);
  expect(kept).toHaveLength(300);

  await db.optOut.create({ data: { phone: `2547${String(30_000_000 + offset + 1_000).slice(-8)}` } });
  const suppressedBatch = await batch(5); // its first number is opted out: stored SUPPRESSED
  expect((await rows(suppressedBatch)).map((r) => r.state)).toEqual(["SUPPRESSED"]);

  await pool().query(`DELETE FROM "Batch" WHERE id = $1`, [id]);
  expect(await rows(id)).toEqual([]);
});
