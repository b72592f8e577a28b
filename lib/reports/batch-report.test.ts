// The batch report (one aggregate pass) against a brute-force count, with ids crossing 999 → 1,000, an empty batch
// and a batch without a single receipt; failures by kind; the counters of the same snapshot; the people a batch and its
// resends reached; unknown and malformed ids are null.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { account, batch, messages, nextIdAt, type MessageSpec } from "@/test/report-data";
import { bucketsFor, getBatchReport, LARGE_BATCH } from "./batch-report";

const start = new Date(Date.now() - 3_600_000);

const accountId = await account();

const OPERATORS = ["Safaricom", "Airtel", "Telkom"];

function spec(i: number): MessageSpec {
  const submittedAt = new Date(start.getTime() + i * 2_000);
  const receiptAt = new Date(submittedAt.getTime() + 30_000);
  const phone = `2547${String(10_000_000 + i).slice(-8)}`;
  const operator = OPERATORS[i % 3]!;
  switch (i % 10) {
    case 6:
      return {
        phone,
        state: "FAILED",
        operator,
        submittedAt,
        receiptAt,
        deliveryStatus: i % 20 === 6 ? "DeliveryImpossible" : "Expired",
        failureClass: i % 20 === 6 ? "INVALID_NUMBER" : "ABSENT",
      };
    case 7:
      return {
        phone,
        state: "REJECTED",
        operator: null,
        submittedAt,
        lastError: "Refused by the provider: invalid number",
      };
    case 8:
      return { phone, state: "QUEUED", operator, submittedAt };
    case 9:
      return { phone, state: "UNKNOWN", operator: null, submittedAt, lastError: "Outcome unknown: timeout" };
    default:
      return { phone, state: "DELIVERED", operator, submittedAt, receiptAt, deliveryStatus: "DeliveredToTerminal" };
  }
}

test("1,100 messages with ids crossing 999 → 1,000: every figure equals a full count, and the timeline ends at the totals", async () => {
  await nextIdAt("Message", 950);
  const id = await batch(accountId, { startedAt: start });
  const ids = await messages(id, [
    ...Array.from({ length: 1_100 }, (_, i) => spec(i)),
    { phone: "254799999999", state: "PENDING" },
    { phone: "254799999998", state: "CANCELLED" },
  ]);
  expect(ids[0]).toBe("950");
  expect(ids.at(-1)).toBe("2051");
  const report = (await getBatchReport(id, { fresh: true }))!;

  // By operator, from a plain GROUP BY.
  const { rows } = await pool().query<{ operator: string | null; state: string; n: string }>(
    `SELECT operator, state::text, count(*) AS n FROM "Message" WHERE "batchId" = $1 GROUP BY 1, 2`,
    [id],
  );
  const count = (where: (r: { operator: string | null; state: string }) => boolean) =>
    rows.filter(where).reduce((s, r) => s + Number(r.n), 0);
  for (const name of OPERATORS) {
    const row = report.operators.find((o) => o.operator === name)!;
    expect(row.sent).toBe(
      count((r) => r.operator === name && !["PENDING", "CANCELLED", "SUPPRESSED"].includes(r.state)),
    );
    expect(row.delivered).toBe(count((r) => r.operator === name && r.state === "DELIVERED"));
    expect(row.failed).toBe(count((r) => r.operator === name && r.state === "FAILED"));
    expect(row.awaiting).toBe(count((r) => r.operator === name && r.state === "QUEUED"));
  }
  // Refused and unknown messages carry no operator: they are their own row, never lost.
  expect(report.operators.find((o) => o.operator === "Not accepted")).toMatchObject({
    sent: 220,
    failed: 110,
    unknown: 110,
  });
  expect(report.operators.reduce((s, o) => s + o.sent, 0)).toBe(1_100);

  // Failure reasons by kind, largest first, each with the provider's statuses or errors behind it.
  expect(report.failures).toEqual([
    {
      kind: "OUTCOME_UNKNOWN",
      count: 110,
      details: [{ deliveryStatus: null, error: "Outcome unknown: timeout", count: 110 }],
    },
    {
      kind: "REFUSED",
      count: 110,
      details: [{ deliveryStatus: null, error: "Refused by the provider: invalid number", count: 110 }],
    },
    { kind: "ABSENT", count: 55, details: [{ deliveryStatus: "Expired", error: null, count: 55 }] },
    { kind: "INVALID_NUMBER", count: 55, details: [{ deliveryStatus: "DeliveryImpossible", error: null, count: 55 }] },
  ]);
  // The counters come from the same snapshot, and agree with every section.
  expect(report.counters).toMatchObject({ deliveredCount: 660, failedCount: 110, queuedCount: 110, pendingCount: 1 });
  expect(report.operators.reduce((s, o) => s + o.delivered, 0)).toBe(report.counters.deliveredCount);
  expect(report.reached).toEqual({ reached: 660, targeted: 1_102, batches: 1 });

  // The last point holds every sent message: delivered + answered + failed + no receipt (queued, unknown).
  const last = report.timeline.at(-1)!;
  expect(last).toMatchObject({ delivered: 660, answered: 0, failed: 220, awaiting: 220 });
  expect(report.timeline.length).toBeLessThanOrEqual(61);
  expect(report.timeline[0]).toMatchObject({ delivered: 0, failed: 0, awaiting: 0 });
  // Cumulative: never decreasing.
  for (let i = 1; i < report.timeline.length; i++) {
    expect(report.timeline[i]!.delivered).toBeGreaterThanOrEqual(report.timeline[i - 1]!.delivered);
  }
});

test("an empty batch and a batch without receipts", async () => {
  const empty = await batch(accountId, { name: "Empty" });
  const none = (await getBatchReport(empty, { fresh: true }))!;
  expect(none.operators).toEqual([]);
  expect(none.failures).toEqual([]);
  expect(none.timeline.every((p) => p.delivered + p.answered + p.failed + p.awaiting === 0)).toBe(true);

  const silent = await batch(accountId, { name: "No receipts", state: "SENDING", startedAt: start });
  await messages(
    silent,
    Array.from({ length: 30 }, (_, i) => ({
      phone: `25471100${String(1000 + i)}`,
      state: "QUEUED",
      operator: "Airtel",
      submittedAt: new Date(start.getTime() + i * 1000),
    })),
  );
  const report = (await getBatchReport(silent, { fresh: true }))!;
  expect(report.timeline.at(-1)).toMatchObject({ delivered: 0, failed: 0, awaiting: 30 });
  expect(report.operators).toEqual([
    { operator: "Airtel", sent: 30, delivered: 0, failed: 0, unknown: 0, awaiting: 30 },
  ]);
  expect(report.failures).toEqual([]);
});

test("cached per batch and counter move: unchanged counters share a computation, a change is read at once; a large live batch at most every 10 s", async () => {
  const live = await batch(accountId, { name: "Live", state: "SENDING" });
  const first = await getBatchReport(live);
  const [second, third] = await Promise.all([getBatchReport(live), getBatchReport(live)]);
  expect(second!.computedAt).toBe(first!.computedAt);
  expect(third).toBe(second);
  await messages(live, [{ phone: "254712000001", state: "QUEUED", operator: "Safaricom", submittedAt: new Date() }]);
  const moved = (await getBatchReport(live))!;
  expect(moved.operators).toHaveLength(1); // the counters moved: a report of this moment
  expect(moved.counters.queuedCount).toBe(1);

  const large = await batch(accountId, { name: "Large", state: "SENDING" });
  await pool().query(`UPDATE "Batch" SET "recipientCount" = $2 WHERE id = $1`, [large, LARGE_BATCH]);
  expect((await getBatchReport(large))!.operators).toEqual([]);
  await messages(large, [{ phone: "254712000004", state: "QUEUED", operator: "Airtel", submittedAt: new Date() }]);
  await pool().query(`UPDATE "Batch" SET "recipientCount" = $2 WHERE id = $1`, [large, LARGE_BATCH]);
  const lagging = (await getBatchReport(large))!;
  expect(lagging.operators).toEqual([]); // still the cached figure (10 s), and it says of when
  expect(lagging.batchUpdatedAt.getTime()).toBeLessThan(
    (await db.batch.findUniqueOrThrow({ where: { id: large } })).updatedAt.getTime(),
  );
  expect((await getBatchReport(large, { fresh: true }))!.operators).toHaveLength(1);

  const settled = await batch(accountId, { name: "Settled" });
  expect((await getBatchReport(settled))!.operators).toEqual([]);
  // A late receipt moves the batch's updatedAt (the counter trigger): the next read is fresh.
  await messages(settled, [
    { phone: "254712000002", state: "DELIVERED", operator: "Airtel", submittedAt: new Date(), receiptAt: new Date() },
  ]);
  expect((await getBatchReport(settled))!.operators.map((o) => o.operator)).toEqual(["Airtel"]);

  // Finished with a message that never got its receipt: live while its counters moved recently, quiet after.
  const lingering = await batch(accountId, { name: "Lingering" });
  await messages(lingering, [{ phone: "254712000003", state: "QUEUED", operator: "Telkom", submittedAt: new Date() }]);
  expect((await getBatchReport(lingering))!.live).toBe(true);
  await pool().query(`UPDATE "Batch" SET "updatedAt" = now() - interval '1 hour' WHERE id = $1`, [lingering]);
  expect((await getBatchReport(lingering))!.live).toBe(false);
});

test("reached: a batch and its resends, each number counted once, of those the first batch targeted", async () => {
  const parent = await batch(accountId, { name: "Parent" });
  await messages(parent, [
    { phone: "254712100001", state: "DELIVERED", operator: "Safaricom" },
    { phone: "254712100002", state: "FAILED", operator: "Safaricom", failureClass: "ABSENT" },
    { phone: "254712100003", state: "FAILED", operator: "Airtel", failureClass: "ABSENT" },
    { phone: "254712100004", state: "SUPPRESSED" },
  ]);
  const child = await batch(accountId, { name: "Parent (resend)" });
  const grandchild = await batch(accountId, { name: "Parent (resend) (resend)" });
  await pool().query(`UPDATE "Batch" SET "parentBatchId" = $2 WHERE id = $1`, [child, parent]);
  await pool().query(`UPDATE "Batch" SET "parentBatchId" = $2 WHERE id = $1`, [grandchild, child]);
  await messages(child, [
    { phone: "254712100002", state: "DELIVERED", operator: "Safaricom" },
    { phone: "254712100003", state: "FAILED", operator: "Airtel", failureClass: "ABSENT" },
  ]);
  await messages(grandchild, [
    { phone: "254712100003", state: "FAILED", operator: "Airtel", failureClass: "ABSENT" },
    { phone: "254712100001", state: "DELIVERED", operator: "Safaricom" }, // reached already: counted once
  ]);
  for (const id of [parent, child, grandchild])
    expect((await getBatchReport(id, { fresh: true }))!.reached, id).toEqual({ reached: 2, targeted: 3, batches: 3 });
});

test("unknown and malformed ids are null", async () => {
  expect(await getBatchReport("00000000-0000-4000-8000-000000000000")).toBeNull();
  expect(await getBatchReport("not-a-uuid")).toBeNull();
  expect(await getBatchReport("")).toBeNull();
});

test("buckets: at most 60 of a round width, starting at or before the start", () => {
  const s = new Date("2026-11-22T10:00:07Z");
  expect(bucketsFor(s, new Date("2026-11-22T10:00:37Z"), "Africa/Nairobi")).toMatchObject({ seconds: 1, count: 30 });
  const hour = bucketsFor(s, new Date("2026-11-22T11:00:00Z"), "Africa/Nairobi");
  expect(hour.seconds).toBe(60);
  expect(hour.count).toBeLessThanOrEqual(60);
  expect(hour.origin.toISOString()).toBe("2026-11-22T10:00:00.000Z");
  expect(bucketsFor(s, new Date("2026-12-22T10:00:00Z"), "Africa/Nairobi").seconds).toBe(43_200);
});

test("buckets of hours and days begin on the organisation's hours and midnights, not UTC's", () => {
  const s = new Date("2026-11-22T10:00:07Z"); // 13:00:07 in Nairobi, 15:30:07 in Kolkata
  // Twenty days in 12-hour buckets: from noon in Nairobi (09:00 UTC), not from UTC's noon or midnight.
  const halves = bucketsFor(s, new Date("2026-12-12T10:00:00Z"), "Africa/Nairobi");
  expect(halves.seconds).toBe(43_200);
  expect(halves.origin.toISOString()).toBe("2026-11-22T09:00:00.000Z");
  // Two months in 1-day buckets: from midnight in Nairobi (21:00 UTC the day before).
  const days = bucketsFor(s, new Date("2027-01-20T10:00:00Z"), "Africa/Nairobi");
  expect(days.seconds).toBe(86_400);
  expect(days.origin.toISOString()).toBe("2026-11-21T21:00:00.000Z");
  // An hour in a half-hour zone starts at its half past in UTC.
  const hours = bucketsFor(s, new Date("2026-11-24T10:00:00Z"), "Asia/Kolkata");
  expect(hours.seconds).toBe(3_600);
  expect(hours.origin.toISOString()).toBe("2026-11-22T09:30:00.000Z");
});
