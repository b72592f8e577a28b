// Every outcome is an event (docs/webhooks.md), end to end with real parts: the sandbox over HTTP (its receipts
// posted to the web server's handler), a real worker (dispatch, applier, escalation, the completer, the settler and
// the deliverer) and a real sink, every post verified with the standardwebhooks package. An escalating batch with
// failures, a batch paused for units and resumed, one paused for units and cancelled, and one whose receipts never
// come: each event arrives (again only after a failed attempt), in the documented order, batch.completed last.
import { afterAll, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { cancelBatch } from "@/lib/batches/cancel-batch";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { batchRow, batchWhen, completed, harnessBatch, phones, waitFor } from "@/test/dispatch-harness";
import { harnessForFile } from "@/test/harness-lifecycle";
import { actor } from "@/test/upload-helpers";
import { startWebhookSink } from "@/test/webhook-sink";
import { setAllowedHostsSetting } from "./allowed-hosts-setting";
import { createEndpoint } from "./endpoints";
import { EVENT_SCHEMAS } from "@/lib/api/resources/event";
import { WEBHOOK_EVENTS, isWebhookEvent } from "./events";
import { settleBatchOutcomes } from "./settle-outcomes";

type Event = { id: string; type: string; data: Record<string, unknown> & { batchId: string } };

const h = harnessForFile({}, { lanes: 4 });
const sink = await startWebhookSink();
const admin = await actor();
await setAllowedHostsSetting(admin, [sink.hostPort]);
const { secret } = await createEndpoint(admin, { url: sink.url, events: [...WEBHOOK_EVENTS], description: "all" });

afterAll(() => sink.close());

/**
 * Every event posted so far, verified, once each. Delivery is at least once (docs/webhooks.md: receivers deduplicate
 * by webhook-id): an event posted again must follow a failed attempt of its delivery (a timeout on a loaded machine,
 * with the sink's answer too late), never be a second claim of a delivery that had succeeded.
 */
async function received(): Promise<Event[]> {
  const webhook = new Webhook(secret);
  const events = sink.posts.map((post) => {
    const body = webhook.verify(post.body, post.headers) as { type: string; data: Event["data"] };
    // Each event is what the OpenAPI document's `webhooks` object says it is (lib/api/resources/event.ts).
    expect(isWebhookEvent(body.type)).toBe(true);
    if (isWebhookEvent(body.type)) expect(EVENT_SCHEMAS[body.type].safeParse(body).error).toBeUndefined();
    return { id: post.headers["webhook-id"]!, type: body.type, data: body.data };
  });
  const first = new Map<string, Event>();
  const again = new Map<string, number>();
  for (const event of events) {
    if (first.has(event.id)) again.set(event.id, (again.get(event.id) ?? 0) + 1);
    else first.set(event.id, event);
  }
  if (again.size > 0) {
    const { rows } = await pool().query<{ eventId: string; failed: number }>(
      `SELECT d."eventId", count(*) FILTER (WHERE a."statusCode" IS NULL OR a."statusCode" NOT BETWEEN 200 AND 299)::int AS failed
       FROM "WebhookDelivery" d JOIN "WebhookAttempt" a ON a."deliveryId" = d.id
       WHERE d."eventId" = ANY($1) GROUP BY d."eventId"`,
      [[...again.keys()]],
    );
    const failed = new Map(rows.map((r) => [r.eventId, r.failed]));
    for (const [id, repeats] of again)
      expect(failed.get(id) ?? 0, `${id} posted again with no failed attempt before`).toBeGreaterThanOrEqual(repeats);
  }
  return [...first.values()];
}

/** The numbers `events` are about, sorted. */
const phonesOf = (events: Event[]) => events.map((e) => e.data.phone).sort();

const ofBatch = async (batchId: string) => (await received()).filter((e) => e.data.batchId === batchId);

async function send(name: string, numbers: string[], extra: { escalateAfterMinutes?: number } = {}) {
  const { id } = await harnessBatch(h, name, numbers, { templateText: "Events test", ...extra });
  return id;
}

/** The events of a batch once `count` have arrived (and nothing more is pending for it). */
async function eventsOf(batchId: string, count: number): Promise<Event[]> {
  await waitFor(
    async () => (await ofBatch(batchId)).length,
    (n) => n >= count,
    120_000,
    `${count} events of ${batchId}`,
  );
  return await ofBatch(batchId);
}

/** The documented order: batch.started first; batch.completed, when raised, last; a message's own events in order. */
function expectDocumentedOrder(events: Event[]): void {
  expect(events[0]!.type).toBe("batch.started");
  const completed = events.findIndex((e) => e.type === "batch.completed");
  if (completed !== -1) expect(completed).toBe(events.length - 1);
}

const messageEventCount = async (batchId: string) =>
  db.message.count({
    where: {
      batchId,
      state: { in: ["DELIVERED", "ANSWERED", "FAILED", "REJECTED", "UNKNOWN", "CANCELLED", "SUPPRESSED"] },
    },
  });

test("an escalating batch with failures: every outcome, each escalation, and both batches' lifecycles, once and in order", async () => {
  const numbers = phones(10, 500);
  const failing = numbers.slice(0, 3);
  await h.sandbox.setKnobs({ statusByPhone: Object.fromEntries(failing.map((p) => [p, "AbsentSubscriber"])) });
  const parentId = await send("escalating", numbers, { escalateAfterMinutes: 5 });
  // The SMS outcomes first; then the calls are made due now instead of in 5 minutes.
  await waitFor(
    () => messageEventCount(parentId),
    (n) => n === 10,
    60_000,
    "SMS outcomes",
  );
  await pool().query(
    `UPDATE "DispatchChunk" SET "escalateAt" = now() WHERE "batchId" = $1 AND "escalateAt" IS NOT NULL`,
    [parentId],
  );
  const child = await waitFor(
    () => db.batch.findUnique({ where: { escalatesBatchId: parentId } }),
    (b) => b !== null && b.outcomesKnownAt !== null,
    60_000,
    "the calls' batch settled",
  );
  await batchWhen(parentId, (b) => b.outcomesKnownAt !== null, 60_000, "the SMS batch settled");

  // SMS batch: started, 7 delivered, 3 failed, 3 escalated, their 3 calls unanswered, sent, completed.
  const parent = await eventsOf(parentId, 19);
  expect(parent).toHaveLength(19);
  expectDocumentedOrder(parent);
  const count = (events: Event[], type: string) => events.filter((e) => e.type === type).length;
  expect(count(parent, "message.delivered")).toBe(7);
  expect(phonesOf(parent.filter((e) => e.type === "message.failed"))).toEqual(failing);
  const escalated = parent.filter((e) => e.type === "message.escalated");
  expect(phonesOf(escalated)).toEqual(failing);
  for (const event of escalated) {
    expect(event.data.callBatchId).toBe(child!.id);
    // After the SMS's own failure.
    const failedAt = parent.findIndex((e) => e.type === "message.failed" && e.data.messageId === event.data.messageId);
    expect(failedAt).toBeGreaterThanOrEqual(0);
    expect(failedAt).toBeLessThan(parent.indexOf(event));
  }
  // Each call's outcome on its SMS's own message, after its escalation (and before batch.completed: last, above).
  const unanswered = parent.filter((e) => e.type === "message.call_unanswered");
  expect(phonesOf(unanswered)).toEqual(failing);
  for (const event of unanswered) {
    expect(event.data).toMatchObject({ callState: "FAILED", reached: false, reachedBy: null });
    const escalatedAt = parent.findIndex(
      (e) => e.type === "message.escalated" && e.data.messageId === event.data.messageId,
    );
    expect(escalatedAt).toBeLessThan(parent.indexOf(event));
  }
  // batch.sent when the SMS were all handed over: before or among their outcomes, always before batch.completed.
  expect(parent.findIndex((e) => e.type === "batch.sent")).toBeLessThan(18);

  // The calls' batch: started, the 3 calls' outcomes (the same numbers fail again), sent, completed.
  const calls = await eventsOf(child!.id, 6);
  expect(calls).toHaveLength(6);
  expectDocumentedOrder(calls);
  expect(phonesOf(calls.filter((e) => e.type.startsWith("message.")))).toEqual(failing);
  await h.sandbox.setKnobs({ statusByPhone: {} });
});

test("a batch paused out of units says why, and resumed it goes on to sent and completed", async () => {
  await h.sandbox.setKnobs({ unitsBalance: 100 });
  const id = await send("units", phones(250, 1_000));
  await batchWhen(id, (b) => b.state === "PAUSED", 60_000, "paused for units");
  await waitFor(
    async () => (await ofBatch(id)).find((e) => e.type === "batch.paused"),
    (event) => event !== undefined,
    60_000,
    "batch.paused",
  );
  const pause = (await ofBatch(id)).find((e) => e.type === "batch.paused")!;
  expect(pause.data).toMatchObject({ reason: "out_of_units", state: "PAUSED" });
  expect(String(pause.data.reasonText)).toMatch(/^Out of units:/);

  await h.sandbox.setKnobs({ unitsBalance: null });
  expect(await resumeBatch(id, h.userId)).toBe(true);
  await batchWhen(id, (b) => b.outcomesKnownAt !== null, 60_000, "settled");
  const events = await eventsOf(id, 1 + 250 + 4);
  expect(events).toHaveLength(255);
  expectDocumentedOrder(events);
  expect(events.filter((e) => e.type.startsWith("batch.")).map((e) => e.type)).toEqual([
    "batch.started",
    "batch.paused",
    "batch.resumed",
    "batch.sent",
    "batch.completed",
  ]);
  expect(new Set(events.filter((e) => e.type === "message.delivered").map((e) => e.data.messageId)).size).toBe(250);
});

test("a batch cancelled while paused: its sent messages' outcomes, the rest cancelled, and batch.cancelled", async () => {
  await h.sandbox.setKnobs({ unitsBalance: 100 });
  const id = await send("cancelled", phones(250, 2_000));
  await batchWhen(id, (b) => b.state === "PAUSED", 60_000, "paused for units");
  await h.sandbox.setKnobs({ unitsBalance: null });
  // The chunks the provider refused for units went back whole: those are cancelled, the others were delivered.
  const cancelled = (await cancelBatch(id, h.userId))!;
  expect(cancelled).toBeGreaterThan(0);
  expect(cancelled).toBeLessThan(250);
  const events = await eventsOf(id, 1 + 250 + 2);
  expect(events).toHaveLength(253);
  expectDocumentedOrder(events);
  // A chunk in flight at the cancel that comes back unsent is cancelled then (lib/dispatch/record.ts releaseChunk):
  // the batch's own counters say how many ended each way, cancelBatch's count only what it cancelled itself.
  const final = await batchRow(id);
  expect(final.cancelledCount).toBeGreaterThanOrEqual(cancelled);
  expect(final.cancelledCount + final.deliveredCount).toBe(250);
  expect(events.filter((e) => e.type === "message.cancelled")).toHaveLength(final.cancelledCount);
  expect(events.filter((e) => e.type === "message.delivered")).toHaveLength(final.deliveredCount);
  expect(events.filter((e) => e.type.startsWith("batch.")).map((e) => e.type)).toEqual([
    "batch.started",
    "batch.paused",
    "batch.cancelled",
  ]);
  // A cancelled batch is not "completed".
  expect((await batchRow(id)).outcomesKnownAt).toBeNull();
});

test("receipts that never come: past the no-receipt age each message is unknown (no_receipt), then batch.completed", async () => {
  await h.sandbox.setKnobs({ receipts: false });
  const id = await send("silent", phones(5, 3_000));
  await completed(id, 60_000, "sent");
  await eventsOf(id, 2); // started, sent
  expect(await settleBatchOutcomes(48)).toEqual([]); // not yet: the age has not passed
  await pool().query(`UPDATE "Batch" SET "finishedAt" = now() - interval '49 hours' WHERE id = $1`, [id]);
  const events = await eventsOf(id, 2 + 5 + 1);
  expect(events).toHaveLength(8);
  expectDocumentedOrder(events);
  const unknown = events.filter((e) => e.type === "message.unknown");
  expect(unknown).toHaveLength(5);
  for (const event of unknown) expect(event.data).toMatchObject({ reason: "no_receipt", state: "QUEUED" });
  await h.sandbox.setKnobs({ receipts: true });
});
