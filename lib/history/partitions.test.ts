// Message and Receipt partitioned by id, a week a partition (docs/partitioning.md): lookups by id read one partition,
// ids and pages cross a partition boundary unharmed, retention drops exactly the partitions past the cut-off and the
// batches keep their counts, and an insert never lacks a partition.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { listMessages } from "@/lib/batches/list-messages";
import { applyPendingReceipts } from "@/lib/receipts/apply-receipts";
import { storeReceipts } from "@/lib/receipts/store-receipts";
import { account, batch, countRows, messages } from "@/test/report-data";
import { CLAIM_SQL } from "@/lib/dispatch/claim";
import { RECORD_SQL } from "@/lib/dispatch/record";
import { numberIndexEdge, numberRows } from "@/lib/number-story/number-rows";
import { heldBatch } from "@/test/small-batch";
import { planNodes, RUN } from "@/test/plans";
import { ANALYZE_BATCH_WEEKS } from "@/lib/jobs/queue";
import {
  analyzeBatchWeeks,
  analyzeMessageParent,
  dropExpiredPartitions,
  indexClosedWeeks,
  preparePartitions,
  WEEKS_AHEAD,
} from "./partitions";
import { everyPage } from "@/test/every-page";

const base = (week: number) => BigInt(week) << 32n;
/** This week's number. */
const week = (await pool().query<{ w: number }>(`SELECT tuma_week_number(now()) AS w`)).rows[0]!.w;
const accountId = await account();

async function partitions(table: "Message" | "Receipt"): Promise<string[]> {
  const { rows } = await pool().query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
    [`"${table}"`],
  );
  return rows.map((r) => r.name);
}

/** `count` messages to other numbers, one each, in the week the ids are in. */
async function others(batchId: string, count: number): Promise<void> {
  await pool().query(
    `INSERT INTO "Message" ("batchId", phone, state, "createdAt", "updatedAt")
     SELECT $1, '2547' || lpad(g::text, 8, '0'), 'DELIVERED', now(), now() FROM generate_series(1, $2::int) g`,
    [batchId, count],
  );
}

async function nextMessageId(id: bigint): Promise<void> {
  await pool().query(`SELECT setval('"Message_id_seq"', $1, false)`, [id.toString()]);
}

/** The partitions a statement actually read: its plan's scans that ran at least once. */
async function partitionsRead(sql: string, values: unknown[]): Promise<string[]> {
  const read = (await planNodes(RUN, sql, values))
    .filter((node) => /^(Message|Receipt)_/.test(String(node["Relation Name"])) && Number(node["Actual Loops"]) > 0)
    .map((node) => String(node["Relation Name"]));
  return [...new Set(read)].sort();
}

/** The partitions of Message a statement's plan holds (planned, whether or not they would be read). */
async function messagePartitionsPlanned(sql: string, values: unknown[]): Promise<string[]> {
  const planned = (await planNodes("COSTS OFF", sql, values)).flatMap((node) => [
    ...(String(node["Relation Name"]).startsWith("Message_") ? [String(node["Relation Name"])] : []),
    // Partitions left out when the executor starts still cost their planning: count them as planned.
    ...(Number(node["Subplans Removed"] ?? 0) > 0 ? [`${node["Subplans Removed"]} removed at start-up`] : []),
  ]);
  return [...new Set(planned)].sort();
}

test("Message and Receipt are partitioned: what was there before, this week and four ahead", async () => {
  const { rows } = await pool().query<{ relname: string; relkind: string }>(
    `SELECT relname, relkind::text FROM pg_class WHERE relname IN ('Message', 'Receipt') ORDER BY 1`,
  );
  expect(rows).toEqual([
    { relname: "Message", relkind: "p" },
    { relname: "Receipt", relkind: "p" },
  ]);
  const weeks = Array.from({ length: WEEKS_AHEAD + 1 }, (_, i) => `_w${week + i}`);
  expect(await partitions("Message")).toEqual(["Message_legacy", ...weeks.map((w) => `Message${w}`)].sort());
  expect(await partitions("Receipt")).toEqual(["Receipt_legacy", ...weeks.map((w) => `Receipt${w}`)].sort());
  // New ids start at this week's base.
  const { rows: next } = await pool().query<{ v: string }>(`SELECT last_value::text AS v FROM "Message_id_seq"`);
  expect(BigInt(next[0]!.v)).toBeGreaterThanOrEqual(base(week));
});

test("ids across a week's boundary: stored in both partitions, paged in order, their receipts applied", async () => {
  const batchId = await batch(accountId, { state: "SENDING" });
  await nextMessageId(base(week + 1) - 3n);
  const ids = await messages(
    batchId,
    Array.from({ length: 6 }, (_, i) => ({
      phone: `25471100000${i}`,
      state: "QUEUED",
      providerUniqueId: `u-${i}`,
      submittedAt: new Date(),
    })),
  );
  expect(ids.map(BigInt)).toEqual([-3n, -2n, -1n, 0n, 1n, 2n].map((d) => base(week + 1) + d));
  const { rows: where } = await pool().query<{ part: string; n: number }>(
    `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM "Message" WHERE "batchId" = $1 GROUP BY 1 ORDER BY 1`,
    [batchId],
  );
  expect(where).toEqual([
    { part: `"Message_w${week}"`, n: 3 },
    { part: `"Message_w${week + 1}"`, n: 3 },
  ]);

  // Pages of two walk across the boundary without skipping or repeating a row.
  const pages = await everyPage((after) => listMessages(batchId, { limit: 2, ...(after ? { after } : {}) }));
  expect(pages.flatMap((page) => page.rows.map((r) => r.id))).toEqual(ids);

  // Receipts by correlator (the id) reach the messages on both sides.
  const at = new Date();
  await storeReceipts(
    ids.map((id, i) => ({
      accountId,
      uniqueId: null,
      correlator: id,
      phone: `25471100000${i}`,
      deliveryStatus: "DeliveredToTerminal",
      deliveryTime: null,
      deliveryAt: at,
      raw: "{}",
    })),
  );
  while ((await applyPendingReceipts()).taken > 0);
  const { rows: states } = await pool().query<{ id: string; state: string }>(
    `SELECT id::text, state::text FROM "Message" WHERE "batchId" = $1 ORDER BY id`,
    [batchId],
  );
  expect(states).toEqual(ids.map((id) => ({ id, state: "DELIVERED" })));
});

test("lookups by id, by a chunk's id range and by a cursor read only the partitions that can hold them", async () => {
  // Messages in four weeks' partitions, so that a plan that does not prune reads several.
  const batchId = await batch(accountId, { state: "SENDING" });
  const inWeek: string[] = [];
  for (const w of [week + 1, week + 2, week + 3, week + 4]) {
    await nextMessageId(base(w) + 100n);
    const [id] = await messages(batchId, [{ phone: `2547222${w}`, state: "QUEUED", providerUniqueId: `p-${w}` }]);
    inWeek.push(id!);
  }
  await pool().query(`ANALYZE "Message"`);
  const target = inWeek[1]!; // in week + 2
  const only = [`Message_w${week + 2}`];

  // The applier's lookup by correlator (lib/receipts/apply-receipts.ts): a correlated subquery per receipt.
  expect(
    await partitionsRead(
      `WITH r AS (SELECT * FROM unnest($1::text[]) AS r(corr))
       SELECT (SELECT m.id FROM "Message" m JOIN "Batch" b ON b.id = m."batchId"
               WHERE r.corr ~ '^[0-9]{1,18}$' AND m.id = r.corr::bigint AND b."accountId" = $2) FROM r`,
      [[target], accountId],
    ),
  ).toEqual(only);
  // The applier's update of the matched messages, joined by id.
  expect(
    await partitionsRead(
      `WITH best AS (SELECT * FROM unnest($1::bigint[]) AS b(mid))
       UPDATE "Message" m SET "deliveryStatus" = 'DeliveredToTerminal' FROM best WHERE m.id = best.mid`,
      [[target]],
    ),
  ).toEqual(only);
  // A claim or a send's record: one chunk's id range of one batch (lib/dispatch/claim.ts, record.ts).
  expect(
    await partitionsRead(`SELECT id FROM "Message" m WHERE m."batchId" = $1 AND m.id BETWEEN $2 AND $3`, [
      batchId,
      target,
      (BigInt(target) + 99n).toString(),
    ]),
  ).toEqual(only);
  // A batch page after a cursor (lib/batches/list-messages.ts): the partitions before the cursor's are not read.
  const page = await partitionsRead(
    `SELECT m.id FROM "Message" m WHERE m."batchId" = $1 AND m.id > $2::bigint ORDER BY m.id LIMIT 1`,
    [batchId, inWeek[2]!],
  );
  expect(page).toEqual([`Message_w${week + 3}`, `Message_w${week + 4}`]);
  // A receipt taken from the work list by its id.
  const [receiptId] = (
    await pool().query<{ id: string }>(
      `INSERT INTO "Receipt" ("accountId", "deliveryStatus", raw) VALUES ($1, 'DeliveredToTerminal', '{}') RETURNING id::text`,
      [accountId],
    )
  ).rows.map((r) => r.id);
  expect(await partitionsRead(`SELECT r.id FROM "Receipt" r WHERE r.id = $1`, [receiptId])).toEqual([
    `Receipt_w${week}`,
  ]);
});

test("a claim and its record are planned for the batch's weeks only, not for every week kept", async () => {
  // After a year's retention there are 62 partitions: planned for all of them, a claim and its record cost 6 × what
  // they cost for one week's, and dispatch fell to a third of the provider's rate (docs/partitioning.md).
  const batchId = await batch(accountId, { state: "SENDING" });
  const first = (base(week + 3) + 7n).toString();
  const last = (base(week + 3) + 106n).toString();
  // The claim knows the batch's first message id, not yet the chunk's range: the weeks before the batch's are left out.
  expect(await messagePartitionsPlanned(CLAIM_SQL, [batchId, 1, first])).toEqual([
    `Message_w${week + 3}`,
    `Message_w${week + 4}`,
  ]);
  // Unknown (a batch with no message yet), every partition is planned — the bound is what leaves them out.
  expect((await messagePartitionsPlanned(CLAIM_SQL, [batchId, 1, "0"])).length).toBeGreaterThan(2);
  // The record of a chunk's answer: the chunk's week only.
  expect(
    await messagePartitionsPlanned(RECORD_SQL, [
      "0",
      [first],
      ["u-1"],
      [null],
      [1],
      ["Safaricom"],
      [last],
      ["REJECTED"],
      ["refused"],
      new Date(),
      first,
      last,
    ]),
  ).toEqual([`Message_w${week + 3}`]);
});

test("a week gets its number index once closed; a number's page reads it backwards and sorts only the open week's", async () => {
  await preparePartitions(new Date(Date.now() + 7 * 24 * 3_600_000)); // partitions through week + 5
  const phone = "254755000001";
  const batchId = await batch(accountId, { state: "COMPLETED" });
  const indexed = async () =>
    (
      await pool().query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
         WHERE c.relname LIKE 'Message\\_%\\_phone\\_id\\_idx' AND x.indisvalid ORDER BY 1`,
      )
    ).rows.map((r) => r.name);

  // 40 of the number's messages in week + 4, the week the ids are in: it is open, so it gets no index.
  await nextMessageId(base(week + 4) + 1000n);
  const older = await messages(
    batchId,
    Array.from({ length: 400 }, () => ({ phone, state: "DELIVERED" as const })),
  );
  await others(batchId, 20_000);
  const before = await indexed();
  const closed = Array.from({ length: 4 }, (_, i) => `Message_w${week + i}`);
  expect((await indexClosedWeeks()).sort()).toEqual(closed.filter((w) => !before.includes(`${w}_phone_id_idx`)).sort());
  expect(await indexed()).not.toContain(`Message_w${week + 4}_phone_id_idx`);

  // The ids move to week + 5: week + 4 can take no more, and gets its index; a second run has nothing to do.
  await nextMessageId(base(week + 5) + 1000n);
  const newer = await messages(
    batchId,
    Array.from({ length: 3 }, () => ({ phone, state: "QUEUED" as const })),
  );
  await others(batchId, 5_000);
  expect(await indexClosedWeeks()).toEqual([`Message_w${week + 4}`]);
  expect(await indexClosedWeeks()).toEqual([]);
  expect(await indexed()).toContain(`Message_w${week + 4}_phone_id_idx`);
  expect(await indexed()).not.toContain(`Message_w${week + 5}_phone_id_idx`);

  // A build cut short (the worker stopped) leaves the index invalid: the next run builds it again.
  await pool().query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = $1::regclass`, [
    `"Message_w${week + 4}_phone_id_idx"`,
  ]);
  expect(await indexed()).not.toContain(`Message_w${week + 4}_phone_id_idx`);
  expect(await indexClosedWeeks()).toEqual([`Message_w${week + 4}`]);
  expect(await indexed()).toContain(`Message_w${week + 4}_phone_id_idx`);

  // A page of 11, newest first (lib/number-story/number-rows.ts): the 3 of the open week, found through its (phone)
  // index and sorted (they are all it holds of the number), then a backward range of week + 4's (phone, id) — not its
  // 400. With other numbers' messages around them, as in life: a table of a few rows is read whole whatever its
  // indexes.
  expect(await numberIndexEdge()).toBe(base(week + 5).toString());
  await pool().query(`ANALYZE "Message"`);
  const rowsSql = `SELECT id FROM ${numberRows({ phone: "$1", before: "$2", take: "$3", edge: "$4" })} m ORDER BY id DESC LIMIT $3`;
  const values = [phone, null, 11, await numberIndexEdge()];
  const scans = new Map(
    (await planNodes(RUN, rowsSql, values))
      .filter((node) => typeof node["Relation Name"] === "string" && Number(node["Actual Loops"]) > 0)
      .map((node) => [
        String(node["Relation Name"]),
        {
          type: `${String(node["Node Type"])} ${String(node["Scan Direction"] ?? "")}`.trim(),
          index: node["Index Name"],
          rows: Number(node["Actual Rows"]),
        },
      ]),
  );
  expect(scans.get(`Message_w${week + 4}`)).toMatchObject({ index: `Message_w${week + 4}_phone_id_idx` });
  expect(scans.get(`Message_w${week + 4}`)!.type).toMatch(/^Index (Only )?Scan Backward$/);
  expect(scans.get(`Message_w${week + 4}`)!.rows).toBeLessThanOrEqual(11);
  // The open week: its (phone) index (a bitmap or index scan), never its primary key walked backwards.
  expect(JSON.stringify(scans.get(`Message_w${week + 5}`))).toMatch(/Message_w\d+_phone_idx|Bitmap Heap Scan/);
  const { rows: page } = await pool().query<{ id: string }>(rowsSql, values);
  expect(page.map((r) => r.id)).toEqual([...newer.reverse(), ...older.reverse().slice(0, 8)]);
});

test("a large batch asks a worker to refresh the statistics of the week its messages are in, not of every week kept", async () => {
  // Ids in week + 5 (the last prepared one now): week + 4, with the earlier test's messages, must not be analysed.
  await nextMessageId(base(week + 5) + 100_000n);
  const analysed = async () =>
    new Map(
      (
        await pool().query<{ name: string; n: number }>(
          `SELECT relname AS name, analyze_count::int AS n FROM pg_stat_user_tables WHERE relname LIKE 'Message_w%'`,
        )
      ).rows.map((r) => [r.name, r.n]),
    );
  const jobsFor = (batchId: string) =>
    countRows(`pgboss.job WHERE name = $1 AND data->>'batchId' = $2`, [ANALYZE_BATCH_WEEKS, batchId]);
  const small = await heldBatch(accountId, "small", ["254766100001"], { templateText: "Habari" });
  expect(await jobsFor(small)).toBe(0);
  const before = await analysed();
  const phones = Array.from({ length: 10_000 }, (_, i) => `2547660${String(i).padStart(5, "0")}`);
  const large = await heldBatch(accountId, "large", phones, { templateText: "Habari" });
  // Storing only enqueues it: the answer does not wait for an ANALYZE. The worker runs this (lib/dispatch/worker.ts).
  expect(await jobsFor(large)).toBe(1);
  expect(await analyzeBatchWeeks(large)).toEqual([`"Message_w${week + 5}"`]);
  const after = await analysed();
  // At least once: autovacuum may analyse the week too, having seen 10,000 rows arrive.
  expect((after.get(`Message_w${week + 5}`) ?? 0) - (before.get(`Message_w${week + 5}`) ?? 0)).toBeGreaterThanOrEqual(
    1,
  );
  expect((after.get(`Message_w${week + 4}`) ?? 0) - (before.get(`Message_w${week + 4}`) ?? 0)).toBe(0);
  // The partitioned table's own statistics, the hourly chore's: the parent alone, no week analysed again.
  // (The batch's week aside: autovacuum may get to it at any moment.)
  const settled = (counts: Map<string, number>) => [...counts].filter(([name]) => name !== `Message_w${week + 5}`);
  await analyzeMessageParent();
  expect(settled(await analysed())).toEqual(settled(after));
});

test("an insert never lacks a partition: ids stay in the last prepared week until its successor exists", async () => {
  const before = BigInt(
    (await pool().query<{ v: string }>(`SELECT last_value::text AS v FROM "Message_id_seq"`)).rows[0]!.v,
  );
  // A week nobody prepared: the sequence does not move there.
  await pool().query(`SELECT tuma_advance_ids($1)`, [week + 40]);
  const batchId = await batch(accountId);
  const [id] = await messages(batchId, [{ phone: "254733000001", state: "PENDING" }]);
  expect(BigInt(id!)).toBeGreaterThan(before);
  expect(BigInt(id!)).toBeLessThan(base(week + 40));

  // The chore, in a week ahead: that week and four more exist, then ids move there.
  const later = new Date(Date.now() + 7 * 7 * 24 * 3_600_000);
  await preparePartitions(later);
  const [moved] = await messages(batchId, [{ phone: "254733000002", state: "PENDING" }]);
  expect(BigInt(moved!) >> 32n).toBe(BigInt(week + 7));
  expect(await partitions("Message")).toContain(`Message_w${week + 7 + WEEKS_AHEAD}`);
});

test("retention drops exactly the partitions past the cut-off (never one still in use); batches keep their counts", async () => {
  // Partitions through week + 12, ids moved on to week + 10; messages of one batch in weeks + 1 and + 3.
  await preparePartitions(new Date(Date.now() + 8 * 7 * 24 * 3_600_000)); // week + 8 … + 12
  const batchId = await batch(accountId, { state: "COMPLETED" });
  for (const w of [week + 1, week + 3]) {
    await nextMessageId(base(w) + 500n);
    await messages(batchId, [
      { phone: `25474400${w}1`, state: "DELIVERED" },
      { phone: `25474400${w}2`, state: "FAILED" },
    ]);
  }
  await pool().query(`SELECT tuma_advance_ids($1)`, [week + 10]);
  await pool().query(`SELECT setval('"Receipt_id_seq"', $1)`, [base(week + 10).toString()]);
  const counts = () =>
    db.batch.findUniqueOrThrow({
      where: { id: batchId },
      select: { recipientCount: true, deliveredCount: true, failedCount: true },
    });
  const before = await counts();
  expect(before).toEqual({ recipientCount: 4, deliveredCount: 2, failedCount: 2 });

  // Cut-off: the end of week + 4. Partitions ending by week + 3's end go (a week's margin: docs/partitioning.md).
  const { rows } = await pool().query<{ cutoff: Date }>(`SELECT tuma_week_start($1) AS cutoff`, [week + 4]);
  const dropped = await dropExpiredPartitions(rows[0]!.cutoff);
  const gone = (table: string) => [`${table}_legacy`, ...Array.from({ length: 3 }, (_, i) => `${table}_w${week + i}`)];
  expect([...dropped].sort()).toEqual([...gone("Message"), ...gone("Receipt")].sort());
  expect(await partitions("Message")).not.toContain(`Message_w${week + 2}`);
  expect(await partitions("Message")).toContain(`Message_w${week + 3}`);
  // The week + 3 messages are still there; the batch's counters still count all four.
  expect(await countRows(`"Message" WHERE "batchId" = $1`, [batchId])).toBe(2);
  expect(await counts()).toEqual(before);

  // However far the clock, a partition the sequences have not moved past stays.
  const { rows: far } = await pool().query<{ cutoff: Date }>(`SELECT tuma_week_start($1) AS cutoff`, [week + 100]);
  await dropExpiredPartitions(far[0]!.cutoff);
  expect(await partitions("Message")).toEqual(Array.from({ length: 3 }, (_, i) => `Message_w${week + 10 + i}`).sort());
  expect(await countRows(`"Message"`)).toBe(0);
});
