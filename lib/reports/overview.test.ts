// The overview from batch counters: days in East Africa Time (a batch made at 00:30 EAT is today's, though it is
// still yesterday in UTC), today / 7 / 30 days as sums of days, units per day, active batches, recent failures with
// their reasons; nothing at all when there are no batches.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { account, batch, messages } from "@/test/report-data";
import { getOverviewReport, getRecentFailures } from "./overview";

const accountId = await account();

// 2026-11-22 09:00 EAT.
const now = new Date("2026-11-22T06:00:00Z");

test("no batches: thirty empty days and zero periods", async () => {
  const report = await getOverviewReport(now);
  expect(report.days).toHaveLength(30);
  expect(report.days.at(-1)!.day).toBe("2026-11-22");
  expect(report.days[0]!.day).toBe("2026-10-24");
  expect(report.periods.map((p) => [p.label, p.sent, p.units])).toEqual([
    ["Today", 0, 0],
    ["Last 7 days", 0, 0],
    ["Last 30 days", 0, 0],
  ]);
  expect(report.active).toEqual([]);
  expect(await getRecentFailures(now)).toEqual([]);
});

test("days, periods and units from the counters, with the day boundary at midnight East Africa Time", async () => {
  const at = async (
    createdAt: Date,
    states: string[],
    units: number,
    name: string,
    state: "COMPLETED" | "SENDING" = "COMPLETED",
  ) => {
    const id = await batch(accountId, { createdAt, name, state });
    await messages(
      id,
      states.map((s, i) => ({
        phone: `2547400${String(10_000 + i)}`,
        state: s,
        operator: "Safaricom",
        submittedAt: createdAt,
        smsUnits: s === "PENDING" ? null : units,
        ...(s === "FAILED"
          ? { deliveryStatus: "DeliveryImpossible", failureClass: "INVALID_NUMBER", receiptAt: createdAt }
          : {}),
        ...(s === "UNKNOWN" ? { lastError: "Outcome unknown: timeout" } : {}),
      })),
    );
    // smsUnits on Batch is kept by the update trigger; these rows were inserted, so set it as dispatch would have.
    await db.batch.update({ where: { id }, data: { smsUnits: states.filter((s) => s !== "PENDING").length * units } });
    return id;
  };
  await at(
    new Date("2026-11-21T21:30:00Z"),
    ["DELIVERED", "DELIVERED", "FAILED", "QUEUED"],
    2,
    "just after midnight EAT",
  ); // 00:30 EAT today
  await at(new Date("2026-11-21T20:59:00Z"), ["DELIVERED", "UNKNOWN"], 1, "yesterday evening"); // 23:59 EAT yesterday
  await at(new Date("2026-11-10T10:00:00Z"), ["REJECTED", "DELIVERED"], 1, "twelve days ago");
  await at(new Date("2026-10-01T10:00:00Z"), ["DELIVERED"], 1, "too old");
  const live = await at(
    new Date("2026-11-22T05:00:00Z"),
    ["PENDING", "PENDING", "DELIVERED"],
    1,
    "sending now",
    "SENDING",
  );

  const report = await getOverviewReport(now);
  const [today, week, month] = report.periods;
  expect(today).toMatchObject({
    label: "Today",
    batches: 2,
    sent: 5,
    reached: 3,
    failed: 1,
    unknown: 0,
    awaiting: 1,
    units: 9,
  });
  expect(week).toMatchObject({ batches: 3, sent: 7, reached: 4, failed: 1, unknown: 1, units: 11 });
  expect(month).toMatchObject({ batches: 4, sent: 9, reached: 5, failed: 2, unknown: 1, units: 13 });
  expect(report.days.find((d) => d.day === "2026-11-21")).toMatchObject({ sent: 2, units: 2 });
  // Days are the organisation's: in UTC, both of last night's batches were made yesterday (the 21st); the setting is
  // what moves them.
  const utc = await getOverviewReport(now, "UTC");
  expect(utc.days.find((d) => d.day === "2026-11-21")).toMatchObject({ batches: 2, sent: 6 });
  expect(utc.periods[0]).toMatchObject({ label: "Today", batches: 1, sent: 1 });
  expect(report.active.map((b) => [b.name, b.pendingCount, b.deliveredCount])).toEqual([["sending now", 2, 1]]);
  expect(report.active[0]!.id).toBe(live);
  expect(report.active[0]!.phase.label).toBe("sending");
  // Sent an hour ago and still waiting for a receipt: active too, and says so; past the no-receipt age: not.
  await db.batch.updateMany({
    where: { name: "just after midnight EAT" },
    data: { finishedAt: new Date(now.getTime() - 3_600_000) },
  });
  const waiting = (await getOverviewReport(now)).active.find((b) => b.name === "just after midnight EAT");
  expect(waiting?.phase.label).toBe("waiting for 1 receipt");
  await db.batch.updateMany({
    where: { name: "just after midnight EAT" },
    data: { finishedAt: new Date(now.getTime() - 49 * 3_600_000) },
  });
  expect((await getOverviewReport(now)).active.map((b) => b.name)).toEqual(["sending now"]);
  // Failures of the last 7 days, newest batch first, each with its reasons.
  const failures = await getRecentFailures(now);
  expect(failures.map((f) => f.name)).toEqual(["just after midnight EAT", "yesterday evening"]);
  expect(failures[0]!.reasons).toEqual([
    { kind: "INVALID_NUMBER", count: 1, details: [{ deliveryStatus: "DeliveryImpossible", error: null, count: 1 }] },
  ]);
  expect(failures[1]!.reasons[0]).toMatchObject({
    kind: "OUTCOME_UNKNOWN",
    details: [{ error: "Outcome unknown: timeout" }],
  });
});

test("a day counts recipients and reached as the batch page does: an answered escalation call reaches its SMS's recipient, and the calls batch is no batch of messages of its own", async () => {
  // Its own day (2026-12-20, 09:00 EAT), after the others.
  const day = new Date("2026-12-20T06:00:00Z");
  const createdAt = new Date("2026-12-20T05:00:00Z");
  const sms = await batch(accountId, { createdAt, name: "escalating" });
  const [failed] = await messages(sms, [
    { phone: "254741000001", state: "FAILED", operator: "Safaricom", submittedAt: createdAt },
    { phone: "254741000002", state: "DELIVERED", operator: "Safaricom", submittedAt: createdAt },
  ]);
  const calls = await db.batch.create({
    data: {
      kind: "VOICE",
      name: "escalating — calls",
      accountId,
      templateText: "Please call the clinic",
      originator: "254700000000",
      state: "COMPLETED",
      createdAt,
      escalatesBatchId: sms,
    },
    select: { id: true },
  });
  await messages(calls.id, [
    { phone: "254741000001", state: "ANSWERED", operator: "Safaricom", submittedAt: createdAt },
  ]);
  // The counters' trigger mirrors the call's outcome onto the SMS batch (reachedByCallCount), as escalation does.
  await pool().query(`UPDATE "Message" SET "callState" = 'ANSWERED' WHERE id = $1`, [failed]);
  const smsBatch = await db.batch.findUniqueOrThrow({ where: { id: sms } });
  expect(smsBatch.reachedByCallCount).toBe(1);

  const report = await getOverviewReport(day);
  // The batch page says "Reached 2 of 2" for this batch; the day says the same, once.
  expect(report.periods[0]).toMatchObject({ label: "Today", batches: 1, sent: 2, reached: 2 });
  expect(report.days.at(-1)).toMatchObject({ day: "2026-12-20", batches: 1, sent: 2, reached: 2 });
});
