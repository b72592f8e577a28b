// DeliveryRollup follows every message, whatever path writes it: the triggers' incremental counts always equal a
// recount from the messages, the states they count are lib/states/states.ts's, their outcome slots
// rollup-outcomes.ts's, and their delay buckets delay-buckets.ts's.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { DELIVERED_STATES, MESSAGE_STATES, SENT_STATES } from "@/lib/states/states";
import { FAILURE_CLASSES } from "@/lib/receipts/failure-classes";
import { account, batch, countRows, messages, rollupMatchesRecount } from "@/test/report-data";
import { DELAY_BUCKET_BOUNDS, delayBucket } from "./delay-buckets";
import { DELAY_BUCKETS, ROLLUP_OUTCOMES } from "./rollup-outcomes";
import { planText } from "@/test/plans";

const accountId = await account();

type Row = { hour: Date; operator: string; outcomes: number[]; delays: number[] };
const rows = async (): Promise<Row[]> =>
  (await pool().query<Row>(`SELECT hour, operator, outcomes, delays FROM "DeliveryRollup" ORDER BY 1, 2`)).rows;
const slot = (outcome: (typeof ROLLUP_OUTCOMES)[number]) => ROLLUP_OUTCOMES.indexOf(outcome);

test("each state in turn: counted as sent and delivered exactly when states.ts says so, in its hour and network", async () => {
  const id = await batch(accountId, { name: "states" });
  const sent = new Date("2026-11-20T08:10:00Z");
  const [messageId] = await messages(id, [
    { phone: "254711000001", state: "PENDING", operator: "Safaricom", submittedAt: sent },
  ]);
  for (const state of MESSAGE_STATES) {
    await pool().query(`UPDATE "Message" SET state = $2::"MessageState", "receiptAt" = $3::timestamptz WHERE id = $1`, [
      messageId,
      state,
      new Date(sent.getTime() + 45_000),
    ]);
    const kept = await rows();
    // No row until the message first counts (it was PENDING); then one row, of its hour and network.
    if (state === "PENDING") expect(kept).toEqual([]);
    else expect(kept.map((r) => [r.hour, r.operator])).toEqual([[new Date("2026-11-20T08:00:00Z"), "Safaricom"]]);
    const row = kept[0] ?? { outcomes: Array(10).fill(0), delays: Array(DELAY_BUCKETS).fill(0) };
    expect(row.outcomes[slot("SENT")], state).toBe((SENT_STATES as readonly string[]).includes(state) ? 1 : 0);
    expect(row.outcomes[slot("DELIVERED")], state).toBe(
      (DELIVERED_STATES as readonly string[]).includes(state) ? 1 : 0,
    );
    expect(row.outcomes[slot("REJECTED")], state).toBe(state === "REJECTED" ? 1 : 0);
    expect(row.outcomes[slot("NETWORK")], state).toBe(state === "FAILED" ? 1 : 0); // a failure without a class
    const final = (DELIVERED_STATES as readonly string[]).includes(state) || state === "FAILED";
    expect(row.delays, state).toEqual(
      Array.from({ length: DELAY_BUCKETS }, (_, i) => (final && i === delayBucket(45) ? 1 : 0)),
    );
  }
});

test("the SQL outcome slots and delay buckets are rollup-outcomes.ts's and delay-buckets.ts's", async () => {
  const { rows: slots } = await pool().query<{ c: string; slot: number }>(
    `SELECT c, tuma_rollup_slot('FAILED', c) AS slot FROM unnest($1::text[]) c`,
    [FAILURE_CLASSES],
  );
  for (const row of slots)
    expect(row.slot, row.c).toBe(ROLLUP_OUTCOMES.indexOf(row.c as (typeof FAILURE_CLASSES)[number]));
  expect(ROLLUP_OUTCOMES).toHaveLength(10); // the width tuma_rollup_add builds

  const samples = [0, 4.9, ...DELAY_BUCKET_BOUNDS.flatMap((b) => [b - 0.5, b, b + 0.5]), 400_000, -30];
  const { rows: buckets } = await pool().query<{ s: number; bucket: number }>(
    `SELECT s, tuma_delay_bucket(to_timestamp(0), to_timestamp(s)) AS bucket FROM unnest($1::float8[]) s`,
    [samples],
  );
  for (const row of buckets) expect(row.bucket, `${row.s} s`).toBe(delayBucket(row.s));
  expect(Math.max(...buckets.map((b) => b.bucket))).toBe(DELAY_BUCKETS - 1);
  const unknown = await pool().query<{ b: number }>(`SELECT tuma_delay_bucket(NULL::timestamptz, now()) AS b`);
  expect(unknown.rows[0]!.b).toBe(-1);
});

test("set-based paths keep it equal to a recount: answers, receipts, a class changed, an operator learnt, a delete", async () => {
  const id = await batch(accountId, { name: "paths" });
  const base = Date.parse("2026-11-21T10:30:00Z");
  const ids = await messages(
    id,
    Array.from({ length: 300 }, (_, i) => ({
      phone: `2547${String(20_000_000 + i)}`,
      state: "PENDING",
      operator: null,
    })),
  );
  // Dispatch's answers: accepted with an operator, a few refused, in statements of 100.
  for (let i = 0; i < 300; i += 100) {
    await pool().query(
      `UPDATE "Message" SET state = CASE WHEN id % 10 = 0 THEN 'REJECTED'::"MessageState" ELSE 'QUEUED' END,
              operator = CASE WHEN id % 10 = 0 THEN NULL WHEN id % 3 = 0 THEN 'Airtel' ELSE 'Safaricom' END,
              "submittedAt" = $2::timestamptz + (id % 7) * interval '20 minutes'
       WHERE id = ANY($1::bigint[])`,
      [ids.slice(i, i + 100), new Date(base)],
    );
  }
  expect(await rollupMatchesRecount()).toBe(true);
  // Receipts: most delivered, some failed with classes, at various delays; then some failed ones change class and a
  // later receipt turns a few failures into deliveries.
  await pool().query(
    `UPDATE "Message" SET state = CASE WHEN id % 5 = 1 THEN 'FAILED'::"MessageState" ELSE 'DELIVERED' END,
            "failureClass" = CASE WHEN id % 5 = 1 THEN (ARRAY['ABSENT', 'BLACKLISTED', 'INVALID_NUMBER'])[1 + id % 3] END,
            "receiptAt" = "submittedAt" + (id % 13) * interval '37 seconds'
     WHERE "batchId" = $1 AND state = 'QUEUED'`,
    [id],
  );
  expect(await rollupMatchesRecount()).toBe(true);
  await pool().query(
    `UPDATE "Message" SET "failureClass" = 'NETWORK' WHERE "batchId" = $1 AND "failureClass" = 'ABSENT'`,
    [id],
  );
  await pool().query(
    `UPDATE "Message" SET state = 'DELIVERED', "failureClass" = NULL, "receiptAt" = "receiptAt" + interval '3 hours'
     WHERE "batchId" = $1 AND state = 'FAILED' AND id % 2 = 0`,
    [id],
  );
  await pool().query(`UPDATE "Message" SET operator = 'Telkom' WHERE "batchId" = $1 AND id % 11 = 0`, [id]);
  expect(await rollupMatchesRecount()).toBe(true);
  const kept = await rows();
  const delivered = kept.reduce((s, r) => s + r.outcomes[slot("DELIVERED")]!, 0);
  expect(delivered).toBe(await countRows(`"Message" WHERE state = 'DELIVERED'`));

  await pool().query(`DELETE FROM "Batch" WHERE id = $1`, [id]);
  expect(await rollupMatchesRecount()).toBe(true);
});

test("the triggers' per-row helpers are inlined by the planner, not called once per row", async () => {
  // A SQL function is inlined only when its body is as immutable as its declaration; called instead, each costs an
  // executor start-up per changed row, which made the rollup trigger as costly as the update it followed
  // (migration rollup_functions_inlined).
  const plan = await planText(
    `(VERBOSE, COSTS OFF)
     SELECT tuma_rollup_hour(COALESCE(s, r)), tuma_rollup_slot(st, c), tuma_is_sent_state(st), tuma_is_delivered_state(st),
            tuma_delay_bucket(s, r)
     FROM (VALUES (now(), now() + interval '42 seconds', 'FAILED'::"MessageState", 'ABSENT')) v(s, r, st, c)`,
  );
  expect(plan).not.toMatch(/tuma_/);
});
