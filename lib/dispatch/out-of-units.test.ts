// The provider running out of units mid-batch (docs/units-budget.md), against the real sandbox over HTTP: its 402
// pauses the account's sending batches "out of units" with no message failed (the refused chunk goes back to
// PENDING), and a top-up recorded in the ledger resumes them to the end with every recipient sent exactly once.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import {
  batchAndInFlight,
  completed,
  duplicates,
  harnessBatch,
  phones,
  waitFor,
  UNHURRIED_REQUEST_MS,
} from "@/test/dispatch-harness";
import { harnessPerTest } from "@/test/harness-lifecycle";
import { recordPurchase } from "@/lib/purchases/record-purchase";
import { isOutOfUnits } from "@/lib/units/out-of-units";

const run = harnessPerTest();

test("402 mid-batch pauses with no failed message; a top-up resumes it and every recipient is sent exactly once", async () => {
  // 350 units: three whole chunks of 100 one-unit messages, then the fourth (100 units) is refused whole. Answers
  // take 0–400 ms, so accepted chunks' answers often arrive after the 402 has paused the batch: they must still count.
  const h = await run.harness({ knobs: { receipts: false, unitsBalance: 350, latencyMs: [0, 400] } });
  const admin = await db.user.create({
    data: { email: `admin-${h.receiptSecret}@t.local`, name: "Admin", role: "ADMIN", passwordHash: "x" },
  });
  await run.worker(h, { lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id } = await harnessBatch(h, "out-of-units", phones(1_000, 700_000), { templateText: "Out of units test" });
  const paused = await waitFor(
    () => batchAndInFlight(id),
    (x) => x.b.state === "PAUSED" && x.flying === 0,
    30_000,
    "paused out of units",
  );
  expect(isOutOfUnits(paused.b.pauseReason)).toBe(true);
  expect(paused.b.pauseReason).toMatch(/402 Insufficient units\..*Nothing was marked failed/);
  expect(paused.b.queuedCount).toBe(300);
  expect(paused.b.pendingCount).toBe(700);
  expect(paused.b.failedCount + paused.b.rejectedCount + paused.b.unknownCount + paused.b.cancelledCount).toBe(0);
  expect(await h.accepted()).toHaveLength(300);
  const refused = (await h.requests()).filter((r) => r.status === 402);
  expect(refused.length).toBeGreaterThan(0);
  const pauseEvents = await db.auditEvent.count({ where: { action: "batch.pause", targetId: id } });
  expect(pauseEvents).toBe(1);

  // The administrator buys units at the provider, then records them: the entry resumes the batch.
  await h.sandbox.setKnobs({ unitsBalance: 5_000 });
  const topUp = await recordPurchase({ accountId: h.accountId, units: 5_000, note: "top-up" }, admin.id);
  expect(topUp.resumed).toBe(1);
  const done = await completed(id, 30_000, "completed after the top-up");
  expect(done.queuedCount).toBe(1_000);
  expect(done.pauseReason).toBeNull();
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(1_000);
  expect(duplicates(accepted)).toEqual([]);
  expect(new Set(accepted.map((m) => m.normalizedPhone)).size).toBe(1_000);
});
