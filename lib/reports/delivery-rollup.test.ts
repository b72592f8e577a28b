// DeliveryRollup follows every message, whatever path writes it: the triggers' incremental counts always equal a
// recount from the messages, the states they count are lib/batches/states.ts's, and their delay buckets are
// delay-buckets.ts's.
import { beforeAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { DELIVERED_STATES, MESSAGE_STATES, SENT_STATES } from "@/lib/batches/states";
import { account, batch, messages } from "@/test/report-data";
import { DELAY_BUCKET_BOUNDS, delayBucket } from "./delay-buckets";

let accountId = "";
beforeAll(async () => {
  accountId = await account();
});

type Row = { hour: Date; operator: string; outcome: string; bucket: number; count: number };

const kept = async (): Promise<Row[]> =>
  (
    await pool().query<Row>(
      `SELECT hour, operator, outcome, "delayBucket" AS bucket, count FROM "DeliveryRollup" WHERE count <> 0
       ORDER BY 1, 2, 3, 4`,
    )
  ).rows;

/** The same figures counted from scratch from the messages. */
const recount = async (): Promise<Row[]> =>
  (
    await pool().query<Row>(
      `SELECT tuma_rollup_hour(COALESCE(r."submittedAt", r."receiptAt", r."createdAt")) AS hour,
              COALESCE(r.operator, '') AS operator, c.k AS outcome, c.b AS bucket, count(*)::int AS count
       FROM "Message" r
       CROSS JOIN LATERAL (VALUES ('SENT', 0::smallint),
         (tuma_rollup_outcome(r.state, r."failureClass"),
          CASE WHEN r.state = 'REJECTED' THEN 0 ELSE tuma_delay_bucket(r."submittedAt", r."receiptAt") END)) c(k, b)
       WHERE tuma_is_sent_state(r.state) AND c.k IS NOT NULL
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
  ).rows;

test("each state in turn: counted as sent and delivered exactly when states.ts says so", async () => {
  await pool().query(`DELETE FROM "DeliveryRollup"`);
  const id = await batch(accountId, { name: "states" });
  const sent = new Date("2026-11-20T08:10:00Z");
  const [messageId] = await messages(id, [
    { phone: "254711000001", state: "PENDING", operator: "Safaricom", submittedAt: sent },
  ]);
  for (const state of MESSAGE_STATES) {
    await pool().query(
      `UPDATE "Message" SET state = $2::"MessageState", "receiptAt" = $3 AT TIME ZONE 'UTC' WHERE id = $1`,
      [messageId, state, new Date(sent.getTime() + 45_000)],
    );
    const rows = await kept();
    const outcomes = rows.map((r) => r.outcome).sort();
    expect(outcomes.includes("SENT"), state).toBe((SENT_STATES as readonly string[]).includes(state));
    expect(outcomes.includes("DELIVERED"), state).toBe((DELIVERED_STATES as readonly string[]).includes(state));
    if (state === "FAILED") expect(outcomes).toEqual(["NETWORK", "SENT"]); // no class yet: a network failure
    if (state === "DELIVERED") {
      expect(rows.find((r) => r.outcome === "DELIVERED")).toMatchObject({
        hour: new Date("2026-11-20T08:00:00Z"),
        operator: "Safaricom",
        bucket: delayBucket(45),
      });
    }
  }
});

test("the SQL delay buckets are delay-buckets.ts's, bound by bound", async () => {
  const samples = [0, 4.9, ...DELAY_BUCKET_BOUNDS.flatMap((b) => [b - 0.5, b, b + 0.5]), 400_000, -30];
  const { rows } = await pool().query<{ s: number; bucket: number }>(
    `SELECT s, tuma_delay_bucket(to_timestamp(0), to_timestamp(s)) AS bucket FROM unnest($1::float8[]) s`,
    [samples],
  );
  for (const row of rows) expect(row.bucket, `${row.s} s`).toBe(delayBucket(row.s));
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
              "submittedAt" = $2 AT TIME ZONE 'UTC' + (id % 7) * interval '20 minutes'
       WHERE id = ANY($1::bigint[])`,
      [ids.slice(i, i + 100), new Date(base)],
    );
  }
  expect(await kept()).toEqual(await recount());
  // Receipts: most delivered, some failed with classes, at various delays; then some failed ones change class and a
  // later receipt turns a few failures into deliveries.
  await pool().query(
    `UPDATE "Message" SET state = CASE WHEN id % 5 = 1 THEN 'FAILED'::"MessageState" ELSE 'DELIVERED' END,
            "failureClass" = CASE WHEN id % 5 = 1 THEN (ARRAY['ABSENT', 'BLACKLISTED', 'INVALID_NUMBER'])[1 + id % 3] END,
            "receiptAt" = "submittedAt" + (id % 13) * interval '37 seconds'
     WHERE "batchId" = $1 AND state = 'QUEUED'`,
    [id],
  );
  expect(await kept()).toEqual(await recount());
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
  expect(await kept()).toEqual(await recount());
  const delivered = (await kept()).filter((r) => r.outcome === "DELIVERED").reduce((s, r) => s + r.count, 0);
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Message" WHERE "batchId" = $1 AND state = 'DELIVERED'`,
    [id],
  );
  expect(delivered).toBeGreaterThanOrEqual(rows[0]!.n); // this batch's, plus the first test's

  await pool().query(`DELETE FROM "Batch" WHERE id = $1`, [id]);
  expect(await kept()).toEqual(await recount());
});
