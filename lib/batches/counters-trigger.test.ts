// The per-state counters and units on "Batch", kept by the statement-level trigger on "Message" updates (migrations
// batch_counters, counts_trigger_one_pass): one statement that moves messages of two batches between states, charges
// units and changes units alone leaves every counter equal to a recount of the messages.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { countersConsistent } from "@/test/dispatch-harness";
import { account, batch, messages } from "@/test/report-data";

const phone = (i: number) => `2547120${String(i).padStart(5, "0")}`;

test("one update across two batches: state moves, units charged and units alone all counted, per batch", async () => {
  const accountId = await account();
  const batches = [await batch(accountId, { state: "SENDING" }), await batch(accountId, { state: "SENDING" })];
  for (const [b, batchId] of batches.entries())
    await messages(
      batchId,
      Array.from({ length: 300 }, (_, i) => ({ phone: phone(b * 1_000 + i), state: i < 200 ? "PENDING" : "QUEUED" })),
    );
  // Messages 0–99: PENDING → QUEUED with 2 units; 100–149: PENDING → REJECTED; 200–249: QUEUED → DELIVERED;
  // 250–299: QUEUED stays, 3 units charged (a units-only change); 150–199 untouched.
  await pool().query(
    `UPDATE "Message" m SET
       state = CASE WHEN r.n < 100 THEN 'QUEUED' WHEN r.n < 150 THEN 'REJECTED' WHEN r.n < 250 THEN 'DELIVERED' ELSE m.state END::"MessageState",
       "smsUnits" = CASE WHEN r.n < 100 THEN 2 WHEN r.n >= 250 THEN 3 ELSE m."smsUnits" END
     FROM (SELECT id, row_number() OVER (PARTITION BY "batchId" ORDER BY id) - 1 AS n FROM "Message" WHERE "batchId" = ANY($1::uuid[])) r
     WHERE m.id = r.id AND m."batchId" = ANY($1::uuid[]) AND (r.n < 150 OR r.n >= 200)`,
    [batches],
  );
  for (const batchId of batches) {
    expect(await countersConsistent(batchId)).toBe(true);
    const { rows } = await pool().query<{ kept: number; recount: number; queued: number; pending: number }>(
      `SELECT b."smsUnits" AS kept, (SELECT COALESCE(sum("smsUnits"), 0)::int FROM "Message" WHERE "batchId" = b.id) AS recount,
              b."queuedCount" AS queued, b."pendingCount" AS pending
       FROM "Batch" b WHERE b.id = $1`,
      [batchId],
    );
    // 100 × 2 + 50 × 3 units; QUEUED: 100 moved in + 50 that stayed; PENDING: the 50 untouched.
    expect(rows[0]).toEqual({ kept: 350, recount: 350, queued: 150, pending: 50 });
  }
});
