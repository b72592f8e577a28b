// `npx tsx --conditions=react-server bench/report-queries.ts`: the report queries against a generated 1,000,000-recipient
// batch (and 1,000,000 receipts, 1,000 of them unmatched) in a throw-away embedded PostgreSQL: EXPLAIN (ANALYZE,
// BUFFERS) of the batch report's one aggregate statement, then the median of 5 timed calls of each report function,
// with a warm cache of the table (what a running console sees). Figures are printed; record them in BENCHMARKS.md.
import { startBenchDatabase } from "./bench-env";
import { firstRow, inTransaction } from "./query";
import { printMedian } from "./timed-runs";

const N = Number(process.env.REPORT_ROWS ?? 1_000_000);

const cluster = await startBenchDatabase("tuma_reports_bench");
const { pool, closePool } = await import("../lib/db/pool");
const { batchReportQuery, bucketsFor, getBatchReport } = await import("../lib/reports/batch-report");
const { listReceipts } = await import("../lib/reports/receipt-log");
const { getReceiptLag } = await import("../lib/reports/receipt-lag");
const { listAgeingMessages } = await import("../lib/reports/ageing-messages");
const { getOverviewReport, getRecentFailures } = await import("../lib/reports/overview");
const { getMessage } = await import("../lib/messages/get-message");

const median = (label: string, work: () => Promise<unknown>) => printMedian(label, work, 5, false);

try {
  const db = pool();
  const { id: accountId } = await firstRow<{ id: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), 'bench', 'http://127.0.0.1:9', 'x', 'xxxx', 'TUMA', '254700000000', 'bench-secret', now()) RETURNING id`,
  );
  // A batch that sent for 90 s, receipts spread over the next 5 minutes; other batches around it (30 days of them).
  const { id: batchId } = await firstRow<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), 'SMS', 'million', $1, 'Hello', 'TUMA', 'COMPLETED', now() - interval '1 hour', now() - interval '1 hour', now()) RETURNING id`,
    [accountId],
  );
  await db.query(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "createdAt", "updatedAt", "recipientCount", "deliveredCount", "failedCount", "smsUnits")
     SELECT gen_random_uuid(), 'SMS', 'other ' || g, $1, 'Hi', 'TUMA', 'COMPLETED', now() - (g || ' minutes')::interval, now(), 1000, 950, 50, 1000
     FROM generate_series(1, 20000) g`,
    [accountId],
  );
  let t = performance.now();
  await db.query(
    `INSERT INTO "Message" ("batchId", phone, state, operator, "providerUniqueId", "smsUnits", "submittedAt", "receiptAt", "deliveryStatus", "lastError")
     SELECT $1, '2547' || lpad(g::text, 8, '0'),
            s.state::"MessageState",
            CASE WHEN s.state IN ('REJECTED', 'UNKNOWN') THEN NULL ELSE (ARRAY['Safaricom','Safaricom','Safaricom','Airtel','Telkom'])[1 + g % 5] END,
            CASE WHEN s.state IN ('REJECTED', 'UNKNOWN') THEN NULL ELSE 'uid-' || g END, 1,
            now() - interval '1 hour' + (g * 90.0 / $2) * interval '1 second',
            CASE WHEN s.state IN ('DELIVERED', 'FAILED') THEN now() - interval '1 hour' + (g * 90.0 / $2 + 5 + (g % 300)) * interval '1 second' END,
            CASE s.state WHEN 'DELIVERED' THEN 'DeliveredToTerminal' WHEN 'FAILED' THEN (ARRAY['DeliveryImpossible','Expired','Undeliverable'])[1 + g % 3] END,
            CASE s.state WHEN 'REJECTED' THEN 'Refused by the provider: invalid number' WHEN 'UNKNOWN' THEN 'Outcome unknown: timeout' END
     FROM generate_series(1, $2) g
     CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 80 THEN 'DELIVERED' WHEN g % 100 < 85 THEN 'FAILED' WHEN g % 100 < 87 THEN 'REJECTED'
                                     WHEN g % 100 < 90 THEN 'UNKNOWN' ELSE 'QUEUED' END AS state) s`,
    [batchId, N],
  );
  console.log(`generated ${N.toLocaleString()} messages in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await db.query(
    `INSERT INTO "Receipt" ("accountId", "uniqueId", correlator, phone, "deliveryStatus", "deliveryTime", raw, "receivedAt", "messageId", "appliedAt")
     SELECT $1, m."providerUniqueId", m.id::text, m.phone, m."deliveryStatus", '2026-11-22 10:00:00',
            '{"deliveryStatus":"' || m."deliveryStatus" || '","correlator":"' || m.id || '"}', m."receiptAt" + interval '1 second', m.id, now()
     FROM "Message" m WHERE m."batchId" = $2 AND m."receiptAt" IS NOT NULL ORDER BY m.id`,
    [accountId, batchId],
  );
  await db.query(
    `INSERT INTO "Receipt" ("accountId", "uniqueId", correlator, phone, "deliveryStatus", raw, "appliedAt", "unmatchedReason")
     SELECT $1, 'ghost-' || g, 'x' || g, '2547' || lpad(g::text, 8, '0'), 'DeliveredToTerminal', '{}', now(), CASE WHEN g % 2 = 0 THEN 'no_message' ELSE 'not_sent' END
     FROM generate_series(1, 1000) g`,
    [accountId],
  );
  console.log(`generated receipts in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await db.query(`VACUUM ANALYZE "Message", "Receipt", "Batch"`);
  const size = await firstRow<{ messages: string; receipts: string }>(
    `SELECT pg_size_pretty(pg_total_relation_size('"Message"')) AS messages, pg_size_pretty(pg_total_relation_size('"Receipt"')) AS receipts`,
  );
  console.log(`sizes: Message ${size.messages}, Receipt ${size.receipts}`);

  const br = await firstRow<{ startedAt: Date; updatedAt: Date }>(
    `SELECT "startedAt", "updatedAt" FROM "Batch" WHERE id = $1`,
    [batchId],
  );
  const { origin, seconds, count } = bucketsFor(br.startedAt, br.updatedAt, "Africa/Nairobi");
  const q = batchReportQuery(batchId, origin, seconds, count);
  await db.query(q.text, q.values); // warm the cache of the table's pages
  for (let i = 0; i < 2; i++) {
    const plan = await inTransaction(async (client) => {
      // As getBatchReport runs it.
      for (const setting of ["enable_sort = off", "parallel_setup_cost = 0", "parallel_tuple_cost = 0"])
        await client.query(`SET LOCAL ${setting}`);
      return (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values)).rows;
    });
    console.log(
      `\n== EXPLAIN (ANALYZE, BUFFERS) batch report, run ${i + 1}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`,
    );
  }

  console.log("\n== timed calls (the functions the pages call; warm table cache)");
  await median("getBatchReport, uncached (fresh)", () => getBatchReport(batchId, { fresh: true }));
  await median("getBatchReport, cached", () => getBatchReport(batchId));
  await median("listReceipts, first page", () => listReceipts({}));
  await median("listReceipts, page 10,000 (keyset)", () => listReceipts({ before: "500000" }));
  await median("listReceipts, uniqueId search", () => listReceipts({ q: "uid-777777" }));
  await median("listReceipts, phone search (07… form)", () => listReceipts({ q: "0700777777" }));
  await median("listReceipts, unmatched only", () => listReceipts({ unmatched: "any" }));
  await median("listReceipts, unmatched + phone", () => listReceipts({ q: "0700000500", unmatched: "any" }));
  await median("getReceiptLag, uncached (latest 20,000)", () => getReceiptLag({ fresh: true }));
  await db.query(
    `UPDATE "Message" SET "submittedAt" = "submittedAt" - interval '3 days' WHERE "batchId" = $1 AND state = 'QUEUED' AND id % 1000 = 0`,
    [batchId],
  );
  await db.query(`UPDATE "Batch" SET "startedAt" = now() - interval '3 days' WHERE id = $1`, [batchId]);
  await median("listAgeingMessages, first page (100 aged in 1M)", () => listAgeingMessages(undefined));
  await median("getOverviewReport (20,001 batches)", () => getOverviewReport());
  await median("getRecentFailures (5 batches, reports cached)", () => getRecentFailures());
  const one = await firstRow<{ id: string }>(
    `SELECT id::text AS id FROM "Message" WHERE "batchId" = $1 AND state = 'DELIVERED' LIMIT 1 OFFSET $2`,
    [batchId, Math.floor(N / 2)], // mid-batch: 500,000 at the default size, and a row at a smaller REPORT_ROWS
  );
  await median("getMessage", () => getMessage(one.id));
} finally {
  await closePool();
  await cluster.stop();
}
