// Receipt → webhook end to end: the real sandbox sends receipts (each posted twice), the worker's applier writes the
// outbox rows in its transaction and its deliverer posts them to a real sink: one signed event per changed message,
// with the message's data, and batch.completed. Nothing is written while no endpoint subscribes.
import { afterAll, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { formatProviderTime } from "@/lib/provider/wire/provider-time";
import { db } from "@/lib/db/client";
import { batchWhen, completed, harnessBatch, phones, waitFor } from "@/test/dispatch-harness";
import { harnessForFile } from "@/test/harness-lifecycle";
import { receiptFor, receiptPosts } from "@/test/receipt-posts";
import { actor } from "@/test/upload-helpers";
import { startWebhookSink } from "@/test/webhook-sink";
import { setAllowedHostsSetting } from "./allowed-hosts-setting";
import { createEndpoint } from "./endpoints";

const h = harnessForFile({ knobs: { duplicateRate: 1 } }, { lanes: 4 });
const { post } = receiptPosts(h);

const sink = await startWebhookSink();
const admin = await actor();
await setAllowedHostsSetting(admin, [sink.hostPort]);

afterAll(() => sink.close());

async function sendAndSettle(numbers: string[], name: string): Promise<string> {
  const { id } = await harnessBatch(h, name, numbers, { templateText: "Webhook test" });
  await completed(id, 60_000, "batch sent");
  await waitFor(
    () => db.message.count({ where: { batchId: id, state: { in: ["PENDING", "QUEUED"] } } }),
    (n) => n === 0,
    60_000,
    "receipts applied",
  );
  // batch.completed is raised once every outcome is known (lib/webhooks/settle-outcomes.ts).
  await batchWhen(id, (b) => b.outcomesKnownAt !== null, 60_000, "outcomes known");
  return id;
}

test("no endpoint: receipts write no deliveries", async () => {
  await sendAndSettle(phones(10, 0), "quiet");
  expect(await db.webhookDelivery.count()).toBe(0);
});

test("each changed message raises one signed event with its data; the batch raises batch.completed", async () => {
  const numbers = phones(20, 100);
  const failing = numbers.slice(0, 5);
  await h.sandbox.setKnobs({ statusByPhone: Object.fromEntries(failing.map((p) => [p, "AbsentSubscriber"])) });
  const { secret } = await createEndpoint(admin, {
    url: sink.url,
    events: ["message.delivered", "message.failed", "batch.completed"],
    description: "e2e",
  });
  const batchId = await sendAndSettle(numbers, "loud");
  await sink.waitFor(21, 60_000);
  const events = sink.posts.map((post) => {
    const verified = new Webhook(secret).verify(post.body, post.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, string | null>;
    };
    expect(post.headers["webhook-id"]).toMatch(/^msg_/);
    return verified;
  });
  const messages = await db.message.findMany({ where: { batchId } });
  const byId = new Map(messages.map((m) => [m.id.toString(), m]));
  const messageEvents = events.filter((e) => e.type !== "batch.completed");
  // Every receipt came twice; the second changes nothing and raises nothing.
  expect(messageEvents).toHaveLength(20);
  expect(new Set(messageEvents.map((e) => e.data.messageId)).size).toBe(20);
  for (const event of messageEvents) {
    const message = byId.get(event.data.messageId!)!;
    expect(event.data).toMatchObject({
      batchId,
      phone: message.phone,
      state: message.state,
      deliveryStatus: message.deliveryStatus,
      failureClass: message.failureClass,
    });
    expect(event.type).toBe(message.state === "FAILED" ? "message.failed" : "message.delivered");
    expect(new Date(event.data.receiptTime!).getTime()).toBe(message.receiptAt!.getTime());
  }
  expect(
    messageEvents
      .filter((e) => e.type === "message.failed")
      .map((e) => e.data.phone)
      .sort(),
  ).toEqual(failing);
  const completed = events.filter((e) => e.type === "batch.completed");
  expect(completed).toHaveLength(1);
  expect(completed[0]!.data).toMatchObject({ batchId, name: "loud", kind: "SMS", state: "COMPLETED" });
  await waitFor(
    () => db.webhookDelivery.count({ where: { state: "DELIVERED" } }),
    (n) => n === 21,
    10_000,
    "deliveries recorded",
  );
});

test("a later copy of a final receipt changes nothing and raises no event", async () => {
  const loud = await db.batch.findFirstOrThrow({ where: { name: "loud" }, select: { id: true } });
  const message = await db.message.findFirstOrThrow({ where: { state: "DELIVERED", batchId: loud.id } });
  const before = await db.webhookDelivery.count();
  const later = new Date(message.receiptAt!.getTime() + 60_000);
  const answer = await post(receiptFor(message, message.deliveryStatus!, formatProviderTime(later)));
  expect(answer.status).toBe(200);
  // Applied (linked to its message) …
  await waitFor(
    () => db.receipt.findFirst({ where: { messageId: message.id, deliveryAt: later, appliedAt: { not: null } } }),
    (receipt) => receipt !== null,
    30_000,
    "the later copy applied",
  );
  // … the message keeps the first receipt's time (when it was delivered), and no delivery was written for it.
  const after = await db.message.findUniqueOrThrow({ where: { id: message.id } });
  expect(after.receiptAt?.getTime()).toBe(message.receiptAt!.getTime());
  expect(after.updatedAt.getTime()).toBe(message.updatedAt.getTime());
  expect(await db.webhookDelivery.count()).toBe(before);
});
