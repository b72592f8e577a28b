// `npx tsx --conditions=react-server bench/list-opted-out.ts`: what the Lists page pays to show each list's opted-out
// count as it is now (issue 35 item 6), in a throw-away durable embedded PostgreSQL: a 100,000-row list among 40 lists
// of 5,000, and 1,000 opt-outs (then 20,000), half of them on the big list. It times, median of 7 warm runs:
//  - the stored column alone (what the page read before: stale once numbers are opted out after the upload);
//  - counting at read without an index on the phone (every list's rows scanned and hashed against "OptOut");
//  - counting at read through the index, the planner's choice and index probes forced;
// then what the chosen counter (kept by a trigger on "OptOut", migration list_opted_out_live) costs an opt-out, and
// what the index both need costs where lists are stored: 1,000,000 rows inserted with and without it. Figures are
// printed; docs/design.md ("Lists") records the choice.
import { startBenchDatabase } from "./bench-env";
import { firstRow, inTransaction, rowsOf } from "./query";
import { middle, printMedian } from "./timed-runs";

const BIG = 100_000;
const SMALL = 5_000;
const LISTS = 40;

const cluster = await startBenchDatabase("tuma_list_opted_out_bench");
const { pool, closePool } = await import("../lib/db/pool");

const median = (label: string, work: () => Promise<unknown>) => printMedian(label, work, 7, true, 2);

const PAGE = `SELECT id, name, "optedOutCount" FROM "List" WHERE state = 'READY' ORDER BY "createdAt" DESC LIMIT 100`;
const LIVE = `SELECT r."listId", count(*)::int AS n FROM "OptOut" o JOIN "ListRecipient" r ON r.phone = o.phone
              WHERE r."listId" = ANY($1::uuid[]) GROUP BY 1`;

try {
  const db = pool();
  const lists = await rowsOf<{ id: string }>(
    `INSERT INTO "List" (id, filename, name, "sizeBytes", state, "validCount", "createdAt")
     SELECT gen_random_uuid(), 'l' || g || '.csv', 'l' || g, 1, 'READY', CASE WHEN g = 0 THEN $1::int ELSE $2::int END,
            now() - (g || ' minutes')::interval
     FROM generate_series(0, $3::int) g ORDER BY g RETURNING id`,
    [BIG, SMALL, LISTS],
  );
  const ids = lists.map((l) => l.id);
  // The big list: 2547 10000000…; each small list 5,000 numbers of its own range, overlapping the big list's a little.
  await db.query(
    `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, "values")
     SELECT $1, g + 2, '2547' || (10000000 + g)::text, '["x"]' FROM generate_series(0, $2 - 1) g`,
    [ids[0], BIG],
  );
  for (let k = 1; k <= LISTS; k++)
    await db.query(
      `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, "values")
       SELECT $1, g + 2, '2547' || (10000000 + $3 * 2500 + g)::text, '["x"]' FROM generate_series(0, $2 - 1) g`,
      [ids[k], SMALL, k],
    );
  const optOuts = async (n: number) => {
    await db.query(`TRUNCATE "OptOut"`);
    // Half on the big list (every 200th of its numbers), half on no list.
    await db.query(
      `INSERT INTO "OptOut" (phone) SELECT '2547' || (10000000 + g * 200)::text FROM generate_series(0, $1 / 2 - 1) g
       UNION ALL SELECT '2549' || (10000000 + g)::text FROM generate_series(0, $1 / 2 - 1) g`,
      [n],
    );
    await db.query(`VACUUM ANALYZE "OptOut"`);
  };
  await db.query(`VACUUM ANALYZE "ListRecipient", "List"`);
  console.log(
    `Lists page: ${LISTS + 1} lists (one of ${BIG.toLocaleString("en")} rows, ${LISTS} of ${SMALL.toLocaleString("en")})`,
  );

  const index = (on: boolean) =>
    db.query(
      on
        ? `CREATE INDEX IF NOT EXISTS "ListRecipient_phone_idx" ON "ListRecipient" USING hash (phone)`
        : `DROP INDEX IF EXISTS "ListRecipient_phone_idx"`,
    );
  for (const n of [1_000, 20_000]) {
    await optOuts(n);
    console.log(`${n.toLocaleString("en")} opt-outs:`);
    await median("the stored column (kept true by the trigger)", () => db.query(PAGE));
    await index(false);
    await median("count at read, no phone index", () => db.query(LIVE, [ids]));
    await index(true);
    await db.query(`VACUUM ANALYZE "ListRecipient"`);
    await median("count at read, hash index on phone, planner's choice", () => db.query(LIVE, [ids]));
    const plan = await rowsOf<{ "QUERY PLAN": string }>(`EXPLAIN (COSTS OFF) ${LIVE}`, [ids]);
    console.log(
      `      plan: ${plan
        .map((p) => p["QUERY PLAN"].trim())
        .filter((l) => /Join|Scan|Loop/.test(l))
        .join(" / ")}`,
    );
    await median("count at read, index probes forced (no hash or merge join)", () =>
      inTransaction(async (c) => {
        await c.query("SET LOCAL enable_hashjoin = off");
        await c.query("SET LOCAL enable_mergejoin = off");
        await c.query(LIVE, [ids]);
      }),
    );
  }

  // What the trigger costs an opt-out: one number (by hand, a carrier's receipt), and a file of 10,000.
  const optOutWrite = async (label: string, phones: number) => {
    await median(label, async () => {
      await db.query(
        `INSERT INTO "OptOut" (phone) SELECT '2547' || (10000001 + g * 7)::text FROM generate_series(0, $1 - 1) g
         ON CONFLICT DO NOTHING`,
        [phones],
      );
      await db.query(
        `DELETE FROM "OptOut" WHERE phone IN (SELECT '2547' || (10000001 + g * 7)::text FROM generate_series(0, $1 - 1) g)`,
        [phones],
      );
    });
  };
  await optOuts(1_000);
  await optOutWrite("opt out 1 number on the big list and remove it, with the trigger", 1);
  await optOutWrite("opt out 10,000 numbers on the big list and remove them, with the trigger", 10_000);
  await db.query(`ALTER TABLE "OptOut" DISABLE TRIGGER opt_out_lists_insert, DISABLE TRIGGER opt_out_lists_delete`);
  await optOutWrite("opt out 1 number on the big list and remove it, no trigger", 1);
  await optOutWrite("opt out 10,000 numbers on the big list and remove them, no trigger", 10_000);
  await db.query(`ALTER TABLE "OptOut" ENABLE TRIGGER opt_out_lists_insert, ENABLE TRIGGER opt_out_lists_delete`);

  // What the index costs where lists are stored.
  const spare = await firstRow<{ id: string }>(
    `INSERT INTO "List" (id, filename, name, "sizeBytes") VALUES (gen_random_uuid(), 's.csv', 's', 1) RETURNING id`,
  );
  const store = async () => {
    const start = performance.now();
    await db.query(
      `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, "values")
       SELECT $1, g + 2, '2548' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), '["Name","Town"]'
       FROM generate_series(0, 999999) g`,
      [spare.id],
    );
    const ms = performance.now() - start;
    await db.query(`DELETE FROM "ListRecipient" WHERE "listId" = $1`, [spare.id]);
    await db.query(`VACUUM "ListRecipient"`);
    return ms;
  };
  await index(false);
  const medianOf3 = async () => middle([await store(), await store(), await store()]);
  const without = await medianOf3();
  await db.query(`CREATE INDEX "ListRecipient_phone_btree" ON "ListRecipient"(phone)`);
  const withIndex = await medianOf3();
  await db.query(`DROP INDEX "ListRecipient_phone_btree"`);
  await index(true);
  const withHash = await medianOf3();
  console.log(
    `Storing 1,000,000 list rows (INSERT … SELECT, median of 3): ${without.toFixed(0)} ms without the index, ${withIndex.toFixed(0)} ms with a btree on phone (${(withIndex / without).toFixed(2)} ×), ${withHash.toFixed(0)} ms with the hash index the migration makes (${(withHash / without).toFixed(2)} ×)`,
  );
} finally {
  await closePool();
  await cluster.stop();
}
