// Receipts over HTTP into a real PostgreSQL: idempotent, forward-only, matched even before the send response,
// and every bad request refused before anything is written.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { formatProviderTime } from "@/lib/provider/wire/provider-time";
import { applyPendingReceipts } from "./apply-receipts";
import {
  batchRow,
  batchWhen,
  countersConsistent,
  harnessBatch,
  phones,
  sentBatch,
  UNHURRIED_REQUEST_MS,
  waitFor,
} from "@/test/dispatch-harness";
import { notYetApplied, receiptFor, receiptPosts } from "@/test/receipt-posts";
import { harnessForFile } from "@/test/harness-lifecycle";
import { countRows } from "@/test/report-data";

// A request timeout longer than any wait of this file: the early-receipt test holds the sandbox's answers while it
// looks at the receipts, and a timed-out request would be a different story (an unknown outcome, retried).
const h = harnessForFile({ knobs: { receipts: false } }, { lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
const { post } = receiptPosts(h);

const sent = (count: number, offset: number) =>
  sentBatch(h, `r${offset}`, phones(count, offset), { templateText: "Receipt test" });

// Test-only audit of every state change, to count them exactly.
await pool().query(`
  CREATE TABLE state_changes (message_id bigint, old_state text, new_state text);
  CREATE FUNCTION log_state_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN INSERT INTO state_changes VALUES (NEW.id, OLD.state, NEW.state); RETURN NULL; END $$;
  CREATE TRIGGER log_state_change AFTER UPDATE ON "Message" FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state)
    EXECUTE FUNCTION log_state_change();`);

test("the same 1,000 receipts replayed 5 times concurrently change each message's state exactly once", async () => {
  const { id, messages } = await sent(1_000, 0);
  const receipts = messages.map((m) => receiptFor(m, "DeliveredToTerminal", "2026-11-22 10:00:00"));
  const posts: Promise<Response>[] = [];
  for (let copy = 0; copy < 5; copy++) {
    for (let i = 0; i < receipts.length; i += 100) posts.push(post(receipts.slice(i, i + 100)));
  }
  const statuses = (await Promise.all(posts)).map((r) => r.status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  await waitFor(notYetApplied, (n) => n === 0, 20_000, "all applied");
  const kept = await countRows(`"Receipt" r JOIN "Message" m ON m.id = r."messageId" WHERE m."batchId" = $1`, [id]);
  expect(kept).toBe(5_000); // every raw receipt kept, each linked to its message
  const { rows } = await pool().query<{ changes: string }>(
    `SELECT count(*) AS changes FROM state_changes c JOIN "Message" m ON m.id = c.message_id
     WHERE m."batchId" = $1 AND c.old_state = 'QUEUED'`,
    [id],
  );
  expect(Number(rows[0]!.changes)).toBe(1_000);
  expect((await batchRow(id)).deliveredCount).toBe(1_000);
  expect(await countersConsistent(id)).toBe(true);
});

test("every ordering of a delivered and a failed receipt ends in the state of the later delivery time", async () => {
  const { messages } = await sent(8, 10_000);
  const early = "2026-11-22 10:00:00";
  const late = "2026-11-22 10:05:00";
  const [delivered, impossible] = ["DeliveredToTerminal", "DeliveryImpossible"];
  const cases = [
    { m: messages[0]!, first: [delivered, early], second: [impossible, late], expected: "FAILED" },
    { m: messages[1]!, first: [impossible, late], second: [delivered, early], expected: "FAILED" },
    { m: messages[2]!, first: [delivered, late], second: [impossible, early], expected: "DELIVERED" },
    { m: messages[3]!, first: [impossible, early], second: [delivered, late], expected: "DELIVERED" },
    // An intermediate status never moves a final state back, even when it is later.
    { m: messages[4]!, first: [delivered, early], second: ["DeliveredToNetwork", late], expected: "DELIVERED" },
    // A status we do not know is stored and shown, and does not end the message.
    { m: messages[5]!, first: ["SomethingNew", early], second: null, expected: "QUEUED" },
  ] as const;
  // Applied one after the other (separate applications)…
  for (const c of cases) {
    await post(receiptFor(c.m, c.first[0], c.first[1]));
    await waitFor(notYetApplied, (n) => n === 0, 10_000, "first applied");
    if (c.second) await post(receiptFor(c.m, c.second[0], c.second[1]));
    await waitFor(notYetApplied, (n) => n === 0, 10_000, "second applied");
  }
  // …and both in one request (one application): the same outcome.
  await post([
    receiptFor(messages[6]!, "DeliveredToTerminal", early),
    receiptFor(messages[6]!, "DeliveryImpossible", late),
  ]);
  await post([
    receiptFor(messages[7]!, "DeliveryImpossible", late),
    receiptFor(messages[7]!, "DeliveredToTerminal", early),
  ]);
  await waitFor(notYetApplied, (n) => n === 0, 10_000, "pairs applied");

  const states = await db.message.findMany({
    where: { id: { in: messages.map((m) => m.id) } },
    orderBy: { id: "asc" },
  });
  expect(states.map((m) => m.state)).toEqual([...cases.map((c) => c.expected), "FAILED", "FAILED"]);
  expect(states[5]!.deliveryStatus).toBe("SomethingNew");
  const { rows } = await pool().query<{ old_state: string; new_state: string }>(
    `SELECT old_state, new_state FROM state_changes WHERE message_id = ANY($1::bigint[])`,
    [messages.map((m) => m.id)],
  );
  const finals = ["DELIVERED", "ANSWERED", "FAILED"];
  expect(rows.filter((r) => finals.includes(r.old_state) && !finals.includes(r.new_state))).toEqual([]);
});

test("a final receipt repeated later with the same status changes nothing: the first one's time stands", async () => {
  const { messages } = await sent(2, 20_000);
  const [apart, together] = messages as [(typeof messages)[number], (typeof messages)[number]];
  const first = "2026-11-22 10:00:00";
  const again = "2026-11-22 10:00:01"; // a re-post in the next second, as the sandbox's duplicates can be
  await post(receiptFor(apart, "DeliveredToTerminal", first));
  await waitFor(notYetApplied, (n) => n === 0, 10_000, "first applied");
  await post(receiptFor(apart, "DeliveredToTerminal", again));
  // Both in one request (one lot) too: the first one's time, not the later copy's.
  await post([receiptFor(together, "DeliveredToTerminal", first), receiptFor(together, "DeliveredToTerminal", again)]);
  await waitFor(notYetApplied, (n) => n === 0, 10_000, "repeats applied");
  const after = await db.message.findMany({ where: { id: { in: [apart.id, together.id] } }, orderBy: { id: "asc" } });
  const firstAt = new Date("2026-11-22T10:00:00+03:00").getTime();
  expect(after.map((m) => [m.state, m.receiptAt?.getTime()])).toEqual([
    ["DELIVERED", firstAt],
    ["DELIVERED", firstAt],
  ]);
});

test("a receipt that beats the send response is matched by correlator, and the response does not move it back", async () => {
  // The sandbox posts each receipt before it answers, and holds every answer until this test releases it: the
  // receipts are stored and applied (by this test, not left to the worker's polling) while the requests are certainly
  // still in flight, so the early match is what happens, not what may happen — whatever the machine's load.
  await h.sandbox.setKnobs({ receipts: true, receiptsBeforeResponse: true, holdResponses: true });
  try {
    const { id } = await harnessBatch(h, "early", phones(200, 20_000), { templateText: "Early" });
    const ids = (await db.message.findMany({ where: { batchId: id }, select: { id: true } })).map((m) => String(m.id));
    await waitFor(
      () => db.receipt.count({ where: { correlator: { in: ids } } }),
      (n) => n === 200,
      30_000,
      "receipts stored",
    );
    while ((await applyPendingReceipts()).taken > 0); // the worker's applier may hold some: it commits them too
    await batchWhen(id, (b) => b.deliveredCount === 200, 30_000, "receipts applied before the answers");
    expect(await db.message.count({ where: { batchId: id, providerUniqueId: { not: null } } })).toBe(0); // no answer yet
    await h.sandbox.setKnobs({ holdResponses: false });
    const batch = await batchWhen(id, (b) => b.deliveredCount === 200 && b.state === "COMPLETED", 30_000, "delivered");
    expect(batch.queuedCount).toBe(0);
    expect(await db.message.count({ where: { batchId: id, providerUniqueId: null } })).toBe(0);
    const early = await countRows(
      `state_changes c JOIN "Message" m ON m.id = c.message_id
       WHERE m."batchId" = $1 AND c.old_state = 'PENDING' AND c.new_state = 'DELIVERED'`,
      [id],
    );
    expect(early).toBe(200); // every receipt really arrived, and was applied, before its answer
    expect(await countersConsistent(id)).toBe(true);
  } finally {
    await h.sandbox.setKnobs({
      receipts: false,
      receiptsBeforeResponse: false,
      holdResponses: false,
      latencyMs: [0, 0],
    });
  }
});

test("a receipt for an unknown message is kept, unmatched, for later", async () => {
  const response = await post({
    phone: "254799999999",
    correlator: null,
    uniqueId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    deliveryStatus: "DeliveredToTerminal",
    deliveryTime: "2026-11-22 10:00:00",
  });
  expect(response.status).toBe(200);
  await waitFor(notYetApplied, (n) => n === 0, 10_000, "applied");
  const stored = await db.receipt.findFirstOrThrow({ where: { uniqueId: "7c9e6679-7425-40de-944b-e07fc1f90ae7" } });
  expect(stored.messageId).toBeNull();
  expect(stored.appliedAt).not.toBeNull();
  // Still on the work list, to be tried again later (its message's answer may be on its way).
  const queued = await db.receiptQueue.findUniqueOrThrow({ where: { receiptId: stored.id } });
  expect(queued.attempts).toBe(1);
  expect(queued.retryAt!.getTime()).toBeGreaterThan(Date.now());
  expect(JSON.parse(stored.raw)).toMatchObject({ phone: "254799999999", deliveryStatus: "DeliveredToTerminal" });
});

test("wrong secret, a 1 MB body, malformed JSON and a wrong shape are refused, and nothing changes", async () => {
  const { messages } = await sent(3, 30_000);
  const good = receiptFor(messages[0]!, "DeliveredToTerminal", "2026-11-22 11:00:00");
  const receiptsBefore = await db.receipt.count();
  const statesBefore = await db.message.findMany({
    select: { id: true, state: true, deliveryStatus: true },
    orderBy: { id: "asc" },
  });

  const wrongSecret = await post(good, "not-the-secret");
  expect(wrongSecret.status).toBe(404);
  const huge = await post(null, h.receiptSecret, JSON.stringify([good]).padEnd(1024 * 1024, " "));
  expect(huge.status).toBe(413);
  expect(await huge.json()).toEqual({ status: false, message: "The body is larger than 65536 bytes." });
  const malformed = await post(null, h.receiptSecret, '{"phone": "2547');
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({ status: false, message: "The body is not valid JSON." });
  const wrongShape = await post({ ...good, deliveryStatus: undefined });
  expect(wrongShape.status).toBe(400);
  expect((await wrongShape.json()).message).toMatch(/^Not a delivery receipt: /);

  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await db.receipt.count()).toBe(receiptsBefore);
  expect(
    await db.message.findMany({ select: { id: true, state: true, deliveryStatus: true }, orderBy: { id: "asc" } }),
  ).toEqual(statesBefore);
});

test("a deeply nested extra field or a NUL character is bad input (400, not 503), and good receipts sent alongside are stored", async () => {
  const { messages } = await sent(2, 40_000);
  const good = receiptFor(messages[0]!, "DeliveredToTerminal", "2026-11-22 12:00:00");
  // Built as text: serialising 5,000 levels would overflow this test's own stack, as it did the server's.
  const nested = `${'{"n":'.repeat(5_000)}"deep"${"}".repeat(5_000)}`;
  const before = await db.receipt.count();
  const [deep, nul, fine] = await Promise.all([
    post(null, h.receiptSecret, `${JSON.stringify(good).slice(0, -1)},"extra":${nested}}`),
    post({ ...receiptFor(messages[1]!, "DeliveredToTerminal", "2026-11-22 12:00:00"), phone: "2547\u00001" }),
    post(good),
  ]);
  expect([deep.status, nul.status, fine.status]).toEqual([400, 400, 200]);
  expect((await deep.json()).message).toBe(
    "Not a delivery receipt we can store: it is nested more than 32 levels deep.",
  );
  expect((await nul.json()).message).toBe(
    "Not a delivery receipt we can store: a value contains a NUL character (\\u0000).",
  );
  expect(await db.receipt.count()).toBe(before + 1);
  await waitFor(
    () => db.message.findUniqueOrThrow({ where: { id: messages[0]!.id } }),
    (m) => m.state === "DELIVERED",
    10_000,
    "good receipt applied",
  );
});

test("a receipt whose message was never sent is kept unmatched with the reason, and the message stays PENDING", async () => {
  const { id } = await harnessBatch(h, "later", phones(3, 50_000), {
    templateText: "Not yet",
    scheduledAt: new Date(Date.now() + 3_600_000),
  });
  const message = await db.message.findFirstOrThrow({ where: { batchId: id }, orderBy: { id: "asc" } });
  const response = await post({
    phone: message.phone,
    correlator: String(message.id),
    uniqueId: "0d3c6a4e-1111-4d6f-9a7b-2b1f5e3c9d01",
    deliveryStatus: "DeliveredToTerminal",
    deliveryTime: "2026-11-22 12:00:00",
  });
  expect(response.status).toBe(200);
  const stored = await waitFor(
    () => db.receipt.findFirstOrThrow({ where: { correlator: String(message.id) } }),
    (r) => r.appliedAt !== null,
    10_000,
    "applied",
  );
  expect(stored.messageId).toBeNull();
  expect(stored.unmatchedReason).toBe("not_sent");
  expect(await db.receiptQueue.count({ where: { receiptId: stored.id } })).toBe(0); // not tried again: it never can match
  expect((await db.message.findUniqueOrThrow({ where: { id: message.id } })).state).toBe("PENDING");
  expect((await batchRow(id)).pendingCount).toBe(3);
});

test("a receipt dated more than a day ahead is refused and stored nowhere, so it cannot pin its message's state", async () => {
  const { messages } = await sent(2, 60_000);
  const [pinned, edge] = [messages[0]!, messages[1]!];
  const inTwoDays = formatProviderTime(new Date(Date.now() + 2 * 24 * 3_600_000));
  const before = await db.receipt.count();
  const future = await post(receiptFor(pinned, "DeliveredToTerminal", inTwoDays));
  expect(future.status).toBe(400);
  expect((await future.json()).message).toBe(
    `Not a delivery receipt we can store: its deliveryTime ${inTwoDays} is more than a day ahead of this server's clock.`,
  );
  expect(await db.receipt.count()).toBe(before);
  // The message's real receipt (dated now) is applied: nothing pins it.
  expect((await post(receiptFor(pinned, "DeliveryImpossible", formatProviderTime(new Date())))).status).toBe(200);
  // A clock a few hours fast is still within the day's slack.
  const soon = formatProviderTime(new Date(Date.now() + 20 * 3_600_000));
  expect((await post(receiptFor(edge, "DeliveredToTerminal", soon))).status).toBe(200);
  await waitFor(notYetApplied, (n) => n === 0, 10_000, "applied");
  const states = await db.message.findMany({ where: { id: { in: [pinned.id, edge.id] } }, orderBy: { id: "asc" } });
  expect(states.map((m) => m.state)).toEqual(["FAILED", "DELIVERED"]);
});
