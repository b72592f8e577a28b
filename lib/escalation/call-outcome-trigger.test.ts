// A recipient's outcome includes their call (issue 35, migration call_outcomes): when a call's state changes, the
// counters' trigger mirrors it onto its SMS (Message.callState) and the SMS batch counts the SMS reached by call (not
// delivered, call answered) and the SMS without a receipt whose call was placed — equal to a recount after every
// kind of statement, including a late SMS receipt after the call was answered (counted once, as delivered).
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { db } from "@/lib/db/client";
import { countersConsistent } from "@/test/dispatch-harness";
import { account, batch, messages } from "@/test/report-data";

const phone = (i: number) => `2547130${String(i).padStart(5, "0")}`;

async function recount(batchId: string) {
  const { rows } = await pool().query<{ kept: number[]; counted: number[] }>(
    `SELECT ARRAY[b."reachedByCallCount", b."queuedCalledCount"] AS kept,
            ARRAY[(SELECT count(*)::int FROM "Message" WHERE "batchId" = b.id AND "callState" = 'ANSWERED' AND state NOT IN ('DELIVERED', 'ANSWERED')),
                  (SELECT count(*)::int FROM "Message" WHERE "batchId" = b.id AND state = 'QUEUED' AND "callState" <> 'CANCELLED')] AS counted
     FROM "Batch" b WHERE b.id = $1`,
    [batchId],
  );
  return rows[0]!;
}

const setCalls = (ids: string[], state: string) =>
  pool().query(`UPDATE "Message" SET state = $2::"MessageState" WHERE id = ANY($1::bigint[])`, [ids, state]);

test("a call's state reaches its SMS, and the SMS batch counts reached-by-call and called-without-receipt", async () => {
  const accountId = await account();
  const smsBatch = await batch(accountId, { state: "COMPLETED" });
  // 0–3 failed, 4–7 no receipt (QUEUED), 8–9 delivered.
  const sms = await messages(
    smsBatch,
    Array.from({ length: 10 }, (_, i) => ({
      phone: phone(i),
      state: i < 4 ? "FAILED" : i < 8 ? "QUEUED" : "DELIVERED",
    })),
  );
  const calls = await batch(accountId, { state: "SENDING" });
  await db.batch.update({ where: { id: calls }, data: { kind: "VOICE", escalatesBatchId: smsBatch } });
  const called = sms.slice(0, 8);
  const callIds = await messages(
    calls,
    called.map((_, i) => ({ phone: phone(i), state: "PENDING" })),
  );
  await pool().query(
    `INSERT INTO "Escalation" ("parentMessageId", "childMessageId", "childBatchId")
     SELECT unnest($1::bigint[]), unnest($2::bigint[]), $3`,
    [called, callIds, calls],
  );

  // Every call placed (QUEUED): the four silent SMS now wait for their calls, not their receipts.
  await setCalls(callIds, "QUEUED");
  expect(await recount(smsBatch)).toEqual({ kept: [0, 4], counted: [0, 4] });

  // Calls of SMS 0, 1 (failed) and 4, 5 (silent) answered; 2 and 6 not answered.
  await setCalls([callIds[0]!, callIds[1]!, callIds[4]!, callIds[5]!], "ANSWERED");
  await setCalls([callIds[2]!, callIds[6]!], "FAILED");
  expect(await recount(smsBatch)).toEqual({ kept: [4, 4], counted: [4, 4] });
  const { rows: mirrored } = await pool().query<{ id: string; callState: string | null }>(
    `SELECT id::text, "callState"::text AS "callState" FROM "Message" WHERE "batchId" = $1 ORDER BY id`,
    [smsBatch],
  );
  expect(mirrored.map((m) => m.callState)).toEqual([
    "ANSWERED",
    "ANSWERED",
    "FAILED",
    "QUEUED",
    "ANSWERED",
    "ANSWERED",
    "FAILED",
    "QUEUED",
    null,
    null,
  ]);

  // A late SMS receipt for an answered recipient: delivered, and no longer counted again as reached by call.
  await pool().query(`UPDATE "Message" SET state = 'DELIVERED' WHERE id = $1`, [sms[4]]);
  expect(await recount(smsBatch)).toEqual({ kept: [3, 3], counted: [3, 3] });

  // One statement moving SMS and calls of the batch together (an applier's lot holds both kinds of receipt).
  await pool().query(
    `UPDATE "Message" SET state = CASE WHEN id = $1 THEN 'FAILED' ELSE 'ANSWERED' END::"MessageState"
     WHERE id = ANY(ARRAY[$1, $2]::bigint[])`,
    [sms[7], callIds[7]],
  );
  expect(await recount(smsBatch)).toEqual({ kept: [4, 2], counted: [4, 2] });
  expect(await countersConsistent(smsBatch)).toBe(true);
  expect(await countersConsistent(calls)).toBe(true);

  // Deleting messages takes their outcomes with them.
  await pool().query(`DELETE FROM "Message" WHERE id = ANY($1::bigint[])`, [[sms[0], sms[5]]]);
  expect(await recount(smsBatch)).toEqual({ kept: [2, 1], counted: [2, 1] });
});
