// Dispatch end to end against the sandbox over HTTP and a real PostgreSQL: one worker in this process.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import {
  batchAndInFlight,
  batchRow,
  batchWhen,
  completed,
  countersConsistent,
  duplicates,
  harnessBatch,
  inFlight,
  phones,
  waitFor,
  UNHURRIED_REQUEST_MS,
} from "@/test/dispatch-harness";
import { harnessForFile } from "@/test/harness-lifecycle";
import { createBatch } from "@/lib/batches/create-batch";
import { cancelBatch } from "@/lib/batches/cancel-batch";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { pool } from "@/lib/db/pool";
import { ANALYZE_BATCH_WEEKS, enqueueBatchWeeksAnalysis } from "@/lib/jobs/queue";

const h = harnessForFile({}, { lanes: 8, requestTimeoutMs: UNHURRIED_REQUEST_MS });

const sms = (count: number, offset: number, extra: Partial<Parameters<typeof createBatch>[0]> = {}) =>
  harnessBatch(h, `t${offset}`, phones(count, offset), { templateText: "Hello from Tuma", ...extra });

test("a batch is sent in chunks of 100, each recipient once, and ends DELIVERED through receipts", async () => {
  await h.sandbox.reset();
  const { id } = await sms(1_050, 0);
  const batch = await batchWhen(id, (b) => b.deliveredCount === 1_050, 30_000, "all delivered");
  expect(batch.state).toBe("COMPLETED");
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(1_050);
  expect(duplicates(accepted)).toEqual([]);
  expect(new Set(accepted.map((m) => m.batchId)).size).toBe(11); // 10 requests of 100 and one of 50
  expect(await countersConsistent(id)).toBe(true);
  const sample = await db.message.findFirstOrThrow({ where: { batchId: id } });
  expect(sample.providerUniqueId).toMatch(/^[0-9a-f-]{36}$/);
  expect(sample.deliveryStatus).toBe("DeliveredToTerminal");
  // Its receipt is stored; a callback the provider posts again (our answer was late: sandbox/receipt-poster.ts retries,
  // as a real provider does) is stored again, the same receipt, and moves nothing.
  const receipts = await db.receipt.findMany({ where: { messageId: sample.id }, select: { deliveryStatus: true } });
  expect(receipts.length).toBeGreaterThanOrEqual(1);
  expect(new Set(receipts.map((r) => r.deliveryStatus))).toEqual(new Set(["DeliveredToTerminal"]));
});

test("voice batches carry originator, voice and repeat, and end ANSWERED", async () => {
  await h.sandbox.reset();
  const { id } = await createBatch({
    kind: "VOICE",
    accountId: h.accountId,
    authorId: h.userId,
    name: "voice",
    templateText: "Your appointment is tomorrow",
    originator: "254700000001",
    voice: 2,
    repeat: 3,
    recipients: phones(150, 5_000).map((phone) => ({ phone })),
  });
  await batchWhen(id, (b) => b.answeredCount === 150, 30_000, "all answered");
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(150);
  expect(accepted.every((m) => m.kind === "voice" && m.from === "254700000001")).toBe(true);
  expect(await countersConsistent(id)).toBe(true);
});

test("invalid numbers refuse the whole batch with each reason, and store nothing", async () => {
  const before = await db.batch.count();
  await expect(
    harnessBatch(h, "bad", ["0712345678", "12345", "0812345678"], { templateText: "x" }),
  ).rejects.toMatchObject({
    code: "INVALID_INPUT",
    details: {
      recipients: [expect.stringContaining("Recipient 2 (12345)"), expect.stringContaining("Recipient 3 (0812345678)")],
    },
  });
  expect(await db.batch.count()).toBe(before);
});

test("duplicates are sent once and opted-out numbers are suppressed, counters add up", async () => {
  await h.sandbox.reset();
  const [a, b, c] = phones(3, 9_000) as [string, string, string];
  await db.optOut.create({ data: { phone: c } });
  const created = await harnessBatch(h, "dups", [a, `0${a.slice(3)}`, b, c], { templateText: "Hi" });
  expect(created).toMatchObject({ recipients: 3, duplicates: 1, suppressed: 1 });
  const batch = await batchWhen(
    created.id,
    (x) => x.state === "COMPLETED" && x.deliveredCount === 2,
    20_000,
    "completed",
  );
  expect(batch.suppressedCount).toBe(1);
  expect((await h.accepted()).map((m) => m.normalizedPhone).sort()).toEqual([a, b].sort());
  expect(await countersConsistent(created.id)).toBe(true);
});

test("a scheduled batch waits for its time, then starts", async () => {
  await h.sandbox.reset();
  const at = new Date(Date.now() + 2_500);
  const { id } = await sms(10, 12_000, { scheduledAt: at });
  expect((await batchRow(id)).state).toBe("SCHEDULED");
  const batch = await completed(id, 20_000, "scheduled batch done");
  expect(batch.startedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
  // Nothing reached the provider before its time: each request's own arrival, stamped by the sandbox, rather than a
  // look after a pause that a loaded machine can stretch past the scheduled time.
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(10);
  expect(accepted.filter((message) => message.requestTime < at.getTime())).toEqual([]);
});

test("a large batch's weeks are analysed by a worker after storing asked for it", async () => {
  const { id } = await sms(3, 13_000, { scheduledAt: new Date(Date.now() + 3_600_000) });
  const analysed = async () =>
    (
      await pool().query<{ n: number }>(
        `SELECT coalesce(sum(s.analyze_count), 0)::int AS n FROM pg_stat_user_tables s
         WHERE s.relid IN (SELECT DISTINCT tableoid FROM "Message" WHERE "batchId" = $1)`,
        [id],
      )
    ).rows[0]!.n;
  const before = await analysed();
  // What createBatch enqueues for 10,000 recipients or more (lib/batches/create-batch.ts), asked for here directly.
  await enqueueBatchWeeksAnalysis(id);
  const state = async () =>
    (
      await pool().query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'batchId' = $2`, [
        ANALYZE_BATCH_WEEKS,
        id,
      ])
    ).rows[0]?.state;
  await waitFor(state, (s) => s === "completed", 60_000, "the analysis job done");
  expect(await analysed()).toBeGreaterThan(before);
});

test("pause and resume ten times during a send: every recipient once, counters add up", async () => {
  await h.sandbox.reset();
  // Each request answered after 100 ms: sending 200 chunks takes seconds whatever the machine, so ten pauses all
  // land while it sends. Each step waits for its effect, never for a time. No receipts: nothing here reads them, and
  // applying 20,000 made this the suite's longest test (207 s on a machine loaded 20 deep, past 300 s at 30).
  await h.sandbox.setKnobs({ latencyMs: [100, 100], receipts: false });
  try {
    const { id } = await sms(20_000, 20_000);
    await batchWhen(id, (b) => b.state === "SENDING", 10_000, "sending");
    for (let i = 0; i < 10; i++) {
      expect(await pauseBatch(id, null, h.userId)).toBe(true);
      // Paused: what was in flight comes back, then nothing moves; the counters add up.
      await waitFor(
        () => inFlight(id),
        (n) => n === 0,
        30_000,
        "nothing in flight after the pause",
      );
      expect(await countersConsistent(id)).toBe(true);
      const paused = await batchRow(id);
      expect(paused.pendingCount).toBeGreaterThan(0);
      await resumeBatch(id, h.userId);
      // Resumed: it sends again — fewer waiting (the queued count alone can stay put: receipts empty it as fast).
      await batchWhen(id, (b) => b.pendingCount < paused.pendingCount, 30_000, "sending again after the resume");
    }
    const batch = await completed(id, 60_000);
    expect(batch.pendingCount).toBe(0);
    expect(await inFlight(id)).toBe(0);
    const accepted = await h.accepted();
    expect(duplicates(accepted)).toEqual([]);
    expect(accepted).toHaveLength(20_000);
    expect(await countersConsistent(id)).toBe(true);
  } finally {
    await h.sandbox.setKnobs({ latencyMs: [0, 0], receipts: true });
  }
});

test("cancel stops what was not yet submitted; what was in flight is sent once or, if it comes back unsent, cancelled", async () => {
  await h.sandbox.reset();
  await h.sandbox.setKnobs({ latencyMs: [100, 100] });
  try {
    const { id } = await sms(3_000, 40_000);
    await batchWhen(id, (b) => b.queuedCount + b.deliveredCount > 0, 60_000, "some sent");
    const cancelled = await cancelBatch(id, h.userId);
    expect(cancelled).toBeGreaterThan(0);
    // Chunks in flight at the cancel finish; one that comes back unsent (a 429 or a refused connection on a loaded
    // machine) is cancelled then (lib/dispatch/record.ts). Settled: nothing in flight and nobody left waiting, read in
    // one snapshot — after that no chunk can be claimed, so what the sandbox holds is final.
    const { b: batch } = await waitFor(
      () => batchAndInFlight(id),
      ({ b, flying }) => flying === 0 && b.pendingCount === 0,
      60_000,
      "in flight settled",
    );
    expect(batch.state).toBe("CANCELLED");
    expect(batch.cancelledCount).toBeGreaterThanOrEqual(cancelled!);
    expect(await countersConsistent(id)).toBe(true);
    const chunks = await db.dispatchChunk.groupBy({ by: ["state"], where: { batchId: id }, _count: true });
    expect(chunks.filter((chunk) => chunk.state === "PENDING" || chunk.state === "SUBMITTING")).toEqual([]);
    const accepted = await h.accepted();
    expect(duplicates(accepted)).toEqual([]);
    // What the provider holds is exactly the sent recipients, plus those whose answer was lost (UNKNOWN: they may
    // or may not have reached it); no cancelled recipient reached it.
    const states = new Map(
      (await db.message.findMany({ where: { batchId: id }, select: { id: true, state: true } })).map((m) => [
        String(m.id),
        m.state,
      ]),
    );
    const reached = accepted.map((m) => states.get(String(m.correlator)));
    expect(reached.filter((state) => state !== "QUEUED" && state !== "DELIVERED" && state !== "UNKNOWN")).toEqual([]);
    expect(reached.filter((state) => state === "QUEUED" || state === "DELIVERED")).toHaveLength(
      batch.queuedCount + batch.deliveredCount,
    );
    expect(batch.queuedCount + batch.deliveredCount + batch.unknownCount + batch.cancelledCount).toBe(3_000);
  } finally {
    await h.sandbox.setKnobs({ latencyMs: [0, 0] });
  }
});
