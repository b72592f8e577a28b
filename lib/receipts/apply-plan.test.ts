// The applier's statement reads each receipt's message a bounded number of times: its plan, run (EXPLAIN ANALYZE
// inside a transaction rolled back) on a lot of receipts. What this catches (docs/partitioning.md, "The applier's
// plan"): the candidate CTE inlined into each place that reads it, which ran its lookups six times per receipt.
import { beforeAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { account, batch, messages } from "@/test/report-data";
import { applyStatement, UNMATCHED_RETRY_HOURS } from "./apply-receipts";

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

/** Every scan of a partition of "Message" in the plan, with how often it ran. */
function messageScans(node: PlanNode, out: { relation: string; type: string; loops: number }[] = []) {
  const relation = node["Relation Name"];
  if (typeof relation === "string" && relation.startsWith("Message_") && node["Node Type"] !== "ModifyTable")
    out.push({ relation, type: String(node["Node Type"]), loops: Number(node["Actual Loops"] ?? 0) });
  for (const child of node.Plans ?? []) messageScans(child, out);
  return out;
}

test("a lot of receipts reads each message at most three times, once per step", async () => {
  const now = new Date();
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON, COSTS OFF, TIMING OFF) ${applyStatement(new Set())}`,
      [
        ids.map((_, i) => String(1_000_000 + i)), // receipt ids: none stored, so linking them changes nothing
        ids.map(() => accountId),
        ids.map((_, i) => `uid-${i}`),
        ids,
        phones,
        ids.map(() => "DeliveredToTerminal"),
        ids.map(() => "DELIVERED"),
        ids.map(() => true),
        ids.map(() => now),
        ids.map(() => now),
        UNMATCHED_RETRY_HOURS,
        ids.map(() => null),
        ids.map(() => false),
      ],
    );
    const scans = messageScans(rows[0]!["QUERY PLAN"][0]!.Plan);
    const ran = scans.filter((scan) => scan.loops > 0);
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
