// The applier's statement reads each receipt's message a bounded number of times: its plan, run (EXPLAIN ANALYZE
// inside a transaction rolled back) on a lot of receipts. What this catches (docs/partitioning.md, "The applier's
// plan"): the candidate CTE inlined into each place that reads it, which ran its lookups six times per receipt; and
// the lot's receipts and work-list rows found by a join, which hashed every receipt of the week for each lot. The
// statement reads the lot's receipts itself, by their ids; only the lot's distinct statuses come to Node.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { account, batch, messages, receipts } from "@/test/report-data";
import { planNodes, RUN, type PlanNode } from "@/test/plans";
import { applyStatement, LOT_STATUSES, UNMATCHED_RETRY_HOURS } from "./apply-receipts";

const RECEIPTS = 400;

const accountId = await account();
const batchId = await batch(accountId, { state: "SENDING" });
// Other batches' messages around the lot's, as in a real table.
const other = await batch(accountId, { state: "COMPLETED" });
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ phone: `2547330${String(i).padStart(5, "0")}`, state: "DELIVERED" }));
await messages(other, filler(3_000));
const phones = Array.from({ length: RECEIPTS }, (_, i) => `2547110${String(i).padStart(5, "0")}`);
const ids = await messages(
  batchId,
  phones.map((phone, i) => ({ phone, state: "QUEUED", providerUniqueId: `uid-${i}`, submittedAt: new Date() })),
);
await messages(other, filler(3_000));
await pool().query(`ANALYZE "Message"; ANALYZE "Batch"`);

type Scan = { relation: string; loops: number; rows: number };

/** Every scan of a table whose name starts with `prefix` (its partitions) in the plan: how often it ran, rows read. */
const scans = (nodes: PlanNode[], prefix: string): Scan[] =>
  nodes
    .filter((node) => String(node["Relation Name"]).startsWith(prefix) && node["Node Type"] !== "ModifyTable")
    .map((node) => {
      const loops = Number(node["Actual Loops"] ?? 0);
      return { relation: String(node["Relation Name"]), loops, rows: Number(node["Actual Rows"] ?? 0) * loops };
    });

const rowsRead = (found: Scan[]) => found.reduce((sum, scan) => sum + scan.rows, 0);

/** The statement's parameters for the lot `rids`, all of one built-in status (DeliveredToTerminal: DELIVERED, final). */
const lotParameters = (rids: string[]) => [
  rids,
  ["DeliveredToTerminal"],
  ["DELIVERED"],
  [true],
  [null],
  [false],
  [false],
  UNMATCHED_RETRY_HOURS,
];

test("a lot of receipts reads each message at most three times, once per step", async () => {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    // Each receipt names its message by correlator and number, as the provider echoes them.
    const lot = await receipts(
      ids.map((id, i) => ({
        accountId,
        uniqueId: `uid-${i}`,
        correlator: id,
        phone: phones[i]!,
        deliveryStatus: "DeliveredToTerminal",
        applied: false,
      })),
    );
    const plan = await planNodes(RUN, applyStatement(), lotParameters(lot), client);
    const ran = scans(plan, "Message_").filter((scan) => scan.loops > 0);
    // Found by correlator + phone (once), checked as sent (once), updated (once, or one hash of a small table).
    const reads = ran.reduce((sum, scan) => sum + scan.loops, 0);
    expect(reads).toBeLessThanOrEqual(3 * RECEIPTS);
    expect(reads).toBeGreaterThanOrEqual(RECEIPTS); // the plan did look the messages up
    // And the statement did its work: every message was matched and changed.
    const { rows: after } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Message" WHERE id = ANY($1::bigint[]) AND state = 'DELIVERED'`,
      [ids],
    );
    expect(after[0]!.n).toBe(RECEIPTS);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
});

test("a lot's receipts and work-list rows are read by key, not by reading every receipt stored", async () => {
  // 20,000 receipts stored and waiting: a lot of 400 of them must cost the same as if they were alone. Numbers no
  // message has: each matches nothing. Every other one arrived more than two days ago and leaves the work list
  // unmatched, the rest stay on it to be retried: both the DELETE and the UPDATE of the work list run.
  const old = new Date(Date.now() - (UNMATCHED_RETRY_HOURS + 1) * 3_600_000);
  const stored = await receipts(
    Array.from({ length: 20_000 }, (_, i) => ({
      accountId,
      uniqueId: `stored-${i}`,
      correlator: String(900_000_000 + i),
      phone: "254799000000",
      deliveryStatus: "DeliveredToTerminal",
      receivedAt: i % 2 === 0 ? old : new Date(),
      applied: false,
    })),
  );
  await pool().query(`INSERT INTO "ReceiptQueue" ("receiptId") SELECT unnest($1::bigint[])`, [stored]);
  await pool().query(`ANALYZE "Receipt"; ANALYZE "ReceiptQueue"`);
  const lot = stored.slice(10_000, 10_000 + RECEIPTS);
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const explain = (sql: string, values: unknown[]) => planNodes(RUN, sql, values, client);

    const statuses = await explain(LOT_STATUSES, [lot]);
    expect(rowsRead(scans(statuses, "Receipt"))).toBe(RECEIPTS);

    const applied = await explain(applyStatement(), lotParameters(lot));
    const receiptRows = rowsRead(scans(applied, "Receipt_"));
    const queueRows = rowsRead(scans(applied, "ReceiptQueue"));
    // The lot's read and the UPDATE's rows (20,000 each when a join hashed them all).
    expect(receiptRows).toBeLessThanOrEqual(2 * RECEIPTS);
    expect(queueRows).toBeLessThanOrEqual(2 * RECEIPTS); // the DELETE's and the UPDATE's
    expect(receiptRows).toBeGreaterThanOrEqual(RECEIPTS); // they were read

    // And the work was done: every receipt linked (as matching nothing), the old half off the list.
    const { rows } = await client.query<{ linked: number; queued: number }>(
      `SELECT (SELECT count(*)::int FROM "Receipt" WHERE id = ANY($1::bigint[]) AND "unmatchedReason" = 'no_message') AS linked,
              (SELECT count(*)::int FROM "ReceiptQueue" WHERE "receiptId" = ANY($1::bigint[])) AS queued`,
      [lot],
    );
    expect(rows[0]).toEqual({ linked: RECEIPTS, queued: RECEIPTS / 2 });
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
});

test("the statement is planned for the lot's size, whatever PostgreSQL's statistics guess", async () => {
  // Joined with the list of the lot's statuses, the lot was guessed from the table's statistics: with many statuses
  // seen (or none, on a partition not yet analysed), at a few receipts; the work list's DELETE and the receipts'
  // UPDATE were then planned as index probes that each tested every id of the lot (0.36 s a lot, each, at 5,000).
  await receipts(
    Array.from({ length: 1_000 }, (_, i) => ({ accountId, uniqueId: `seen-${i}`, deliveryStatus: `Status ${i}` })),
  );
  await pool().query(`ANALYZE "Receipt"`);
  const lot = await receipts(
    Array.from({ length: RECEIPTS }, (_, i) => ({
      accountId,
      uniqueId: `sized-${i}`,
      phone: "254799000001",
      deliveryStatus: "DeliveredToTerminal",
      applied: false,
    })),
  );
  const plan = await planNodes("COSTS ON", applyStatement(), lotParameters(lot));
  const lotNode = plan.find((node) => node["Subplan Name"] === "CTE r");
  expect(lotNode?.["Plan Rows"]).toBe(RECEIPTS);
});
