// The dispatcher under provider faults and worker crashes (issue 4's proofs), each figure asserted exactly. The
// kill -9 of a worker mid-send (20,000 recipients, two worker processes) is its own file so that it runs beside these
// (worker-crash.test.ts).
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { sealAccountToken } from "@/lib/accounts/account-token";
import {
  batchAndInFlight,
  batchRow,
  batchWhen,
  completed,
  countersConsistent,
  duplicates,
  type Harness,
  harnessBatch,
  phones,
  waitFor,
  UNHURRIED_REQUEST_MS,
} from "@/test/dispatch-harness";
import { harnessPerTest } from "@/test/harness-lifecycle";
import { receiptPosts } from "@/test/receipt-posts";
import { resumeBatch } from "@/lib/batches/resume-batch";

const run = harnessPerTest();

const smsBatch = (harness: Harness, count: number, offset: number) =>
  harnessBatch(harness, `fault-${offset}`, phones(count, offset), { templateText: "Fault test" });

test("30 % of requests answered 429 with Retry-After: every recipient sent in the end, 0 duplicates", async () => {
  const h = await run.harness({ knobs: { error429Rate: 0.3, receipts: false } });
  await run.worker(h, { lanes: 8, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id } = await smsBatch(h, 1_500, 200_000);
  const batch = await completed(id, 90_000);
  expect(batch.queuedCount).toBe(1_500);
  expect((await h.requests()).filter((r) => r.status === 429).length).toBeGreaterThan(0);
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(1_500);
  expect(duplicates(accepted)).toEqual([]);
  expect(await countersConsistent(id)).toBe(true);
});

test("accepted then connection dropped: UNKNOWN, never resent; a later receipt settles one", async () => {
  const h = await run.harness({ knobs: { dropRate: 1, receipts: false } });
  await run.worker(h, { lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id } = await smsBatch(h, 250, 300_000);
  const batch = await completed(id, 30_000);
  expect(batch.unknownCount).toBe(250);
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // time for any (wrong) automatic resend
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(250); // each accepted once by the provider, none resent
  expect(duplicates(accepted)).toEqual([]);

  const one = accepted[0]!;
  const response = await receiptPosts(h).post({
    phone: one.phone,
    correlator: one.correlator,
    uniqueId: one.uniqueId,
    deliveryStatus: "DeliveredToTerminal",
    deliveryTime: "2026-11-22 10:00:00",
  });
  expect(response.status).toBe(200);
  const settled = await batchWhen(id, (b) => b.deliveredCount === 1, 10_000, "settled");
  expect(settled.unknownCount).toBe(249);
  const message = await db.message.findUniqueOrThrow({ where: { id: BigInt(String(one.correlator)) } });
  expect(message.state).toBe("DELIVERED");
  expect(await countersConsistent(id)).toBe(true);
});

test("401 pauses the batch with the reason; resuming after the token is fixed finishes it with 0 duplicates", async () => {
  const h = await run.harness({ accountToken: "wrong-token-1234", knobs: { receipts: false } });
  await run.worker(h, { lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id } = await smsBatch(h, 500, 500_000);
  await waitFor(
    () => batchAndInFlight(id),
    (x) => x.b.state === "PAUSED" && x.flying === 0,
    20_000,
    "paused",
  );
  const paused = await batchRow(id);
  expect(paused.pauseReason).toMatch(/401 Unauthenticated\..*Update the token in Settings/);
  expect(paused.pendingCount).toBe(500);
  expect(await h.accepted()).toHaveLength(0);

  await db.providerAccount.update({
    where: { id: h.accountId },
    data: { tokenCiphertext: sealAccountToken(h.token, h.accountId), tokenLast4: h.token.slice(-4) },
  });
  expect(await resumeBatch(id, h.userId)).toBe(true);
  const done = await completed(id, 30_000);
  expect(done.queuedCount).toBe(500);
  expect(done.pauseReason).toBeNull();
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(500);
  expect(duplicates(accepted)).toEqual([]);
});

test("resend of UNKNOWN and FAILED recipients is a new child batch with new correlators, opted-out numbers left out", async () => {
  const h = await run.harness({ knobs: { dropRate: 1, receipts: false } });
  await run.worker(h, { lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id } = await smsBatch(h, 120, 600_000);
  await batchWhen(id, (b) => b.state === "COMPLETED" && b.unknownCount === 120, 30_000, "all unknown");
  const optedOut = await db.message.findFirstOrThrow({ where: { batchId: id }, orderBy: { id: "asc" } });
  await db.optOut.create({ data: { phone: optedOut.phone } });
  await h.sandbox.setKnobs({ dropRate: 0 });

  const { resendBatch } = await import("@/lib/batches/resend-batch");
  const child = await resendBatch(id, { unknown: true, temporary: true }, h.userId);
  expect(child.recipients).toBe(119);
  const done = await completed(child.id, 30_000, "resend done");
  expect(done.parentBatchId).toBe(id);
  expect(done.queuedCount).toBe(119);
  const parentCorrelators = new Set(
    (await db.message.findMany({ where: { batchId: id }, select: { id: true } })).map((m) => m.id),
  );
  const childMessages = await db.message.findMany({ where: { batchId: child.id } });
  expect(childMessages.some((m) => parentCorrelators.has(m.id))).toBe(false);
  expect(childMessages.some((m) => m.phone === optedOut.phone)).toBe(false);
  // The parent keeps its history untouched.
  expect((await batchRow(id)).unknownCount).toBe(120);
});

test("a batch whose creator died while storing its recipients is failed with the reason, its unsent part cancelled", async () => {
  const h = await run.harness({ knobs: { receipts: false } });
  const { id } = await smsBatch(h, 350, 700_000); // no worker runs in this test: nothing is sent
  // As if the process storing it had died half-way: still marked storing, and nobody holds its lock.
  await db.batch.update({ where: { id }, data: { storing: true, recipientCount: 1_000 } });
  const { acquireWorkerIdentity } = await import("./worker-identity");
  const { failInterruptedStoring } = await import("./interrupted-storing");
  const identity = await acquireWorkerIdentity();
  try {
    expect(await failInterruptedStoring(identity)).toEqual([id]);
    expect(await failInterruptedStoring(identity)).toEqual([]); // once
  } finally {
    await identity.release();
  }
  const batch = await batchRow(id);
  expect(batch.state).toBe("FAILED");
  expect(batch.storing).toBe(false);
  expect(batch.error).toBe(
    "Storing the recipients was interrupted (the process stopped) after 350 of 1000. The rest were never stored and nothing more will be sent; create a batch for them again.",
  );
  expect(batch.cancelledCount).toBe(350);
  expect(await db.dispatchChunk.count({ where: { batchId: id, state: "PENDING" } })).toBe(0);
  expect(await h.accepted()).toHaveLength(0);
});

test("a chunk whose answer this worker could not record becomes UNKNOWN; one still in its lanes' hands does not", async () => {
  const h = await run.harness({ knobs: { receipts: false } });
  const { id } = await smsBatch(h, 200, 800_000); // no worker runs: we claim by hand
  const { acquireWorkerIdentity } = await import("./worker-identity");
  const { claimChunk } = await import("./claim");
  const { recoverOrphans, LOST_RECORD_ERROR } = await import("./recovery");
  const identity = await acquireWorkerIdentity();
  try {
    const lost = (await claimChunk(id, identity.key))!;
    const held = (await claimChunk(id, identity.key))!;
    await db.dispatchChunk.updateMany({ where: { batchId: id }, data: { claimedAt: new Date(Date.now() - 60_000) } });
    expect(await recoverOrphans(identity, new Set([held.chunkId]))).toBe(100);
    const unknown = await db.message.findMany({
      where: { batchId: id, state: "UNKNOWN" },
      select: { id: true, lastError: true },
    });
    expect(unknown.map((m) => String(m.id))).toEqual(lost.messages.map((m) => m.id));
    expect(unknown.every((m) => m.lastError === LOST_RECORD_ERROR)).toBe(true);
    expect((await db.dispatchChunk.findUniqueOrThrow({ where: { id: BigInt(held.chunkId) } })).state).toBe(
      "SUBMITTING",
    );
  } finally {
    await identity.release();
  }
  expect(await countersConsistent(id)).toBe(true);
});

test("a scheduled batch whose time passes while no worker runs starts when one does: late, and once", async () => {
  const h = await run.harness({ knobs: { receipts: false } });
  const at = new Date(Date.now() + 1_000);
  const { id } = await harnessBatch(h, "late", phones(30, 900_000), { templateText: "Late but once", scheduledAt: at });
  await new Promise((resolve) => setTimeout(resolve, 2_500)); // its time passes with no worker anywhere
  expect((await batchRow(id)).state).toBe("SCHEDULED");
  expect(await h.accepted()).toHaveLength(0);

  await run.worker(h, { lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  await run.process(h, 4); // two workers compete for the job
  const done = await completed(id, 30_000, "late start");
  expect(done.startedAt!.getTime()).toBeGreaterThan(at.getTime() + 1_000);
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(30);
  expect(duplicates(accepted)).toEqual([]);
});
