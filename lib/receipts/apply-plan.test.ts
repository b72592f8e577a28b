// The applier's statement reads each receipt's message a bounded number of times: its plan, run (EXPLAIN ANALYZE
// inside a transaction rolled back) on a lot of receipts. What this catches (docs/partitioning.md, "The applier's
// plan"): the candidate CTE inlined into each place that reads it, which ran its lookups six times per receipt; and
// the lot's receipts and work-list rows found by a join, which hashed every receipt of the week for each lot.
import { beforeAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { account, batch, messages, receipts } from "@/test/report-data";
import { applyStatement, READ_LOT, UNMATCHED_RETRY_HOURS } from "./apply-receipts";

const RECEIPTS = 400;
let accountId = "";
let ids: string[] = [];
let phones: string[] = [];

beforeAll(async () => {
  accountId = await account();
  const batchId = await batch(accountId, { state: "SENDING" });
  // Other batches' messages around the lot's, as in a real table.
  const other = await batch(accountId, { state: "COMPLETED" });
  const filler = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ phone: `2547330${String(i).padStart(5, "0")}`, state: "DELIVERED" }));
  await messages(other, filler(3_000));
  phones = Array.from({ length: RECEIPTS }, (_, i) => `2547110${String(i).padStart(5, "0")}`);
  ids = await messages(
    batchId,
    phones.map((phone, i) => ({ phone, state: "QUEUED", providerUniqueId: `uid-${i}`, submittedAt: new Date() })),
  );
  await messages(other, filler(3_000));
  await pool().query(`ANALYZE "Message"; ANALYZE "Batch"`);
});

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

type Scan = { relation: string; loops: number; rows: number };

/** Every scan of a table whose name starts with `prefix` (its partitions) in the plan: how often it ran, rows read. */
function scans(node: PlanNode, prefix: string, out: Scan[] = []): Scan[] {
  const relation = node["Relation Name"];
  if (typeof relation === "string" && relation.startsWith(prefix) && node["Node Type"] !== "ModifyTable") {
    const loops = Number(node["Actual Loops"] ?? 0);
    out.push({ relation, loops, rows: Number(node["Actual Rows"] ?? 0) * loops });
  }
  for (const child of node.Plans ?? []) scans(child, prefix, out);
  return out;
}

const rowsRead = (found: Scan[]) => found.reduce((sum, scan) => sum + scan.rows, 0);

/** The statement's arrays ($1…$13) for receipts `rids` of `accountId` that carry these messages' ids and numbers. */
function lotParameters(rids: string[], messageIds: string[], numbers: string[], received: Date[]) {
  const now = new Date();
  return [
    rids,
    rids.map(() => accountId),
    rids.map((_, i) => `uid-${i}`),
    messageIds,
    numbers,
    rids.map(() => "DeliveredToTerminal"),
    rids.map(() => "DELIVERED"),
    rids.map(() => true),
    rids.map(() => now),
    received,
    UNMATCHED_RETRY_HOURS,
    rids.map(() => null),
    rids.map(() => false),
  ];
}

test("a lot of receipts reads each message at most three times, once per step", async () => {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON, COSTS OFF, TIMING OFF) ${applyStatement(new Set())}`,
      // receipt ids: none stored, so linking them changes nothing
      lotParameters(
        ids.map((_, i) => String(1_000_000 + i)),
        ids,
        phones,
        ids.map(() => new Date()),
      ),
    );
    const ran = scans(rows[0]!["QUERY PLAN"][0]!.Plan, "Message_").filter((scan) => scan.loops > 0);
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
  // 20,000 receipts stored and waiting: a lot of 400 of them must cost the same as if they were alone.
  const stored = await receipts(
    Array.from({ length: 20_000 }, (_, i) => ({
      accountId,
      uniqueId: `stored-${i}`,
      phone: "254799000000",
      deliveryStatus: "DeliveredToTerminal",
      applied: false,
    })),
  );
  await pool().query(`INSERT INTO "ReceiptQueue" ("receiptId") SELECT unnest($1::bigint[])`, [stored]);
  await pool().query(`ANALYZE "Receipt"; ANALYZE "ReceiptQueue"`);
  const lot = stored.slice(10_000, 10_000 + RECEIPTS);
  // Half of them arrived more than two days ago and leave the work list unmatched, half stay on it to be retried:
  // both the DELETE and the UPDATE of the work list run.
  const old = new Date(Date.now() - (UNMATCHED_RETRY_HOURS + 1) * 3_600_000);
  const received = lot.map((_, i) => (i % 2 === 0 ? old : new Date()));
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const explain = async (sql: string, values: unknown[]) =>
      (
        await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON, COSTS OFF, TIMING OFF) ${sql}`,
          values,
        )
      ).rows[0]!["QUERY PLAN"][0]!.Plan;

    const read = await explain(READ_LOT, [lot]);
    expect(rowsRead(scans(read, "Receipt"))).toBe(RECEIPTS);

    // Numbers no message has: each receipt matches nothing, so the statement links the receipts and works the list.
    const applied = await explain(
      applyStatement(new Set()),
      lotParameters(
        lot,
        lot.map((_, i) => String(900_000_000 + i)),
        lot.map(() => "254799000000"),
        received,
      ),
    );
    const receiptRows = rowsRead(scans(applied, "Receipt_"));
    const queueRows = rowsRead(scans(applied, "ReceiptQueue"));
    expect(receiptRows).toBeLessThanOrEqual(2 * RECEIPTS); // the UPDATE's rows (20,000 when the join hashed them all)
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
