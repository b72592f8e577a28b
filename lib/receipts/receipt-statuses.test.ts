// The networks' vocabulary, over HTTP into a real PostgreSQL: each Kenyan status ends its message in its state and
// failure class; a blacklisted number joins the opt-outs (audited, once) and is suppressed by the next batch; a
// refused sender ID is flagged on its account; a status nobody knows is counted with examples and, once mapped by an
// administrator, changes the messages holding it at once (counters, rare states and the rollup kept right) and every
// later receipt.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { isAppError } from "@/lib/errors/app-error";
import {
  batchRow,
  countersConsistent,
  harnessBatch,
  phones,
  sentBatch,
  waitFor,
  UNHURRIED_REQUEST_MS,
} from "@/test/dispatch-harness";
import { clearSenderIdProblem, listSenderIdProblems } from "@/lib/accounts/sender-id-problems";
import { listReceiptStatuses } from "@/lib/reports/receipt-statuses";
import { rollupMatchesRecount } from "@/test/report-data";
import { notYetApplied, receiptFor, receiptPosts } from "@/test/receipt-posts";
import { harnessForFile } from "@/test/harness-lifecycle";
import { mapStatus } from "./map-status";

const h = harnessForFile({ knobs: { receipts: false } }, { lanes: 2, requestTimeoutMs: UNHURRIED_REQUEST_MS });
const { post, postAndApply } = receiptPosts(h);

const sent = (count: number, offset: number) =>
  sentBatch(h, `statuses ${offset}`, phones(count, offset), { sender: "CLINIC" });

const audits = (action: string) =>
  pool()
    .query<{ actorId: string | null; targetId: string | null; detail: Record<string, unknown> }>(
      `SELECT "actorId", "targetId", detail FROM "AuditEvent" WHERE action = $1 ORDER BY id`,
      [action],
    )
    .then((r) => r.rows);

test("Kenyan statuses end messages in their state and class; a blacklist opts the number out, a refused sender is flagged", async () => {
  const { id, messages } = await sent(7, 0);
  // Each message's receipt status, and the state and class it must end in.
  const ends = [
    ["DeliveredToTerminal", "DELIVERED", null],
    ["AbsentSubscriber", "FAILED", "ABSENT"],
    ["SenderName Blacklisted", "FAILED", "BLACKLISTED"],
    ["Invalid Source Address", "FAILED", "SENDER_ID"],
    ["Unknown", "FAILED", "NETWORK"],
    ["Delivery Impossible", "FAILED", "INVALID_NUMBER"],
    ["UserInBlackList", "FAILED", "BLACKLISTED"],
  ];
  await postAndApply(messages.map((m, i) => receiptFor(m, ends[i]![0]!)));
  const after = await db.message.findMany({ where: { batchId: id }, orderBy: { id: "asc" } });
  expect(after.map((m) => [m.deliveryStatus, m.state, m.failureClass])).toEqual(ends);
  expect(await countersConsistent(id)).toBe(true);
  expect(await rollupMatchesRecount()).toBe(true);

  // The two blacklisted numbers are opted out by the carrier, audited once for the lot.
  const optOuts = await db.optOut.findMany({ where: { source: "carrier" }, orderBy: { phone: "asc" } });
  expect(optOuts.map((o) => [o.phone, o.reason])).toEqual([
    [messages[2]!.phone, "Carrier blacklist (SenderName Blacklisted)"],
    [messages[6]!.phone, "Carrier blacklist (UserInBlackList)"],
  ]);
  const added = await audits("optout.add");
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ actorId: null, detail: { source: "carrier", added: 2 } });

  // The sender ID the network refused is flagged on the account.
  const flags = await db.senderIdProblem.findMany({ where: { accountId: h.accountId } });
  expect(flags.map((f) => [f.sender, f.status, f.messages])).toEqual([["CLINIC", "Invalid Source Address", 1]]);

  // A replay changes nothing: no second opt-out event, no second flag count.
  await postAndApply(receiptFor(messages[2]!, "SenderName Blacklisted"));
  await postAndApply(receiptFor(messages[3]!, "Invalid Source Address"));
  expect(await audits("optout.add")).toHaveLength(1);
  expect((await db.senderIdProblem.findFirstOrThrow({ where: { accountId: h.accountId } })).messages).toBe(1);
  // Listed for the Settings page; cleared by an administrator once fixed, audited.
  expect((await listSenderIdProblems()).map((p) => [p.sender, p.messages])).toEqual([["CLINIC", 1]]);
  await clearSenderIdProblem(h.accountId, "CLINIC", h.userId);
  expect(await listSenderIdProblems()).toEqual([]);
  expect((await audits("sender_id.clear")).at(-1)).toMatchObject({
    actorId: h.userId,
    detail: { sender: "CLINIC", status: "Invalid Source Address", messages: 1 },
  });

  // The next batch to the blacklisted number stores it suppressed: it is never sent again.
  const next = await harnessBatch(h, "next", [messages[2]!.phone, messages[1]!.phone], {
    templateText: "Again",
    sender: "CLINIC",
    scheduledAt: new Date(Date.now() + 3_600_000),
  });
  expect(next.suppressed).toBe(1);
  const stored = await db.message.findMany({ where: { batchId: next.id }, orderBy: { phone: "asc" } });
  expect(stored.find((m) => m.phone === messages[2]!.phone)?.state).toBe("SUPPRESSED");
  expect(stored.find((m) => m.phone === messages[1]!.phone)?.state).toBe("PENDING");
});

test("an unknown status is counted once per receipt with examples; mapping it changes its messages at once and every later receipt", async () => {
  const { id, messages } = await sent(4, 1_000);
  const status = "NetworkSaysNo";
  await postAndApply(messages.slice(0, 3).map((m) => receiptFor(m, status)));
  // And one that matches no message (yet): counted when first applied, not again when it is tried again.
  await postAndApply({
    phone: "254799000001",
    correlator: null,
    uniqueId: "no-such",
    deliveryStatus: status,
    deliveryTime: "2026-11-22 10:00:00",
  });
  await pool().query(`UPDATE "ReceiptQueue" SET "retryAt" = now()`);
  await waitFor(
    () => db.receiptQueue.findMany(),
    (queue) => queue.every((q) => q.attempts >= 2),
    20_000,
    "tried again",
  );

  const seen = await db.receiptStatus.findUniqueOrThrow({ where: { status } });
  expect(seen.receipts).toBe(4);
  expect(seen.state).toBeNull();
  expect(seen.exampleReceiptIds).toHaveLength(4);
  expect(seen.firstSeenAt.getTime()).toBeLessThanOrEqual(seen.lastSeenAt.getTime());
  // As the Receipts page lists it: the examples lead to their messages (the unmatched one to none).
  const listed = (await listReceiptStatuses()).unmapped.find((s) => s.status === status)!;
  expect(listed.receipts).toBe(4);
  expect(listed.examples.map((e) => e.messageId)).toEqual([
    null,
    ...messages
      .slice(0, 3)
      .map((m) => String(m.id))
      .reverse(),
  ]);
  const waiting = await db.message.findMany({ where: { batchId: id, deliveryStatus: status } });
  expect(waiting.map((m) => m.state)).toEqual(["QUEUED", "QUEUED", "QUEUED"]);
  expect((await batchRow(id)).queuedCount).toBe(4);

  // Mapped: the three messages fail at once, as blacklisted (so opted out), counted and classified everywhere.
  const mapped = await mapStatus({ status, state: "FAILED", failureClass: "BLACKLISTED" }, h.userId);
  expect(mapped).toEqual({ messages: 3, optedOut: 3 });
  const failed = await db.message.findMany({ where: { batchId: id, deliveryStatus: status } });
  expect(failed.map((m) => [m.state, m.failureClass])).toEqual(Array(3).fill(["FAILED", "BLACKLISTED"]));
  const batch = await batchRow(id);
  expect([batch.failedCount, batch.queuedCount]).toEqual([3, 1]);
  expect(await countersConsistent(id)).toBe(true);
  const rare = await pool().query(`SELECT 1 FROM "MessageRareState" WHERE "batchId" = $1 AND state = 'FAILED'`, [id]);
  expect(rare.rowCount).toBe(3);
  expect(await rollupMatchesRecount()).toBe(true);
  expect(await db.unmappedStatusMessage.count({ where: { status } })).toBe(0);
  const nowMapped = await listReceiptStatuses();
  expect(nowMapped.unmapped.map((s) => s.status)).not.toContain(status);
  expect(nowMapped.mapped.find((s) => s.status === status)).toMatchObject({
    state: "FAILED",
    failureClass: "BLACKLISTED",
    mappedBy: "Operator",
  });
  expect((await audits("receipt_status.map")).at(-1)).toMatchObject({
    actorId: h.userId,
    targetId: status,
    detail: { state: "FAILED", failureClass: "BLACKLISTED", messages: 3 },
  });

  // Every later receipt with it is mapped as it is applied.
  await postAndApply(receiptFor(messages[3]!, status));
  expect(await db.message.findUniqueOrThrow({ where: { id: messages[3]!.id } })).toMatchObject({
    state: "FAILED",
    failureClass: "BLACKLISTED",
  });
  expect(await countersConsistent(id)).toBe(true);

  // Refused: a second mapping, a built-in status, a status never seen.
  for (const [input, code] of [
    [{ status, state: "DELIVERED", failureClass: null }, "CONFLICT"],
    [{ status: "DeliveredToTerminal", state: "FAILED", failureClass: "NETWORK" }, "CONFLICT"],
    [{ status: "NeverSeen", state: "DELIVERED", failureClass: null }, "NOT_FOUND"],
  ] as const) {
    const error = await mapStatus(input, h.userId).catch((e: unknown) => e);
    expect(isAppError(error) && error.code, input.status).toBe(code);
  }
});

test("receipts applied while the status is being mapped: none is left waiting with a mapped status", async () => {
  const { id, messages } = await sent(300, 2_000);
  const status = "LateNews";
  await postAndApply(messages.slice(0, 100).map((m) => receiptFor(m, status)));
  // The rest arrive in many small posts, and the mapping happens while they are being applied.
  const posts = messages.slice(100).map((m) => post(receiptFor(m, status)));
  const mapping = mapStatus({ status, state: "DELIVERED", failureClass: null }, h.userId);
  await Promise.all([...posts, mapping]);
  await waitFor(notYetApplied, (n) => n === 0, 20_000, "applied");
  const states = await pool().query<{ state: string; n: number }>(
    `SELECT state::text, count(*)::int AS n FROM "Message" WHERE "batchId" = $1 GROUP BY 1`,
    [id],
  );
  expect(states.rows).toEqual([{ state: "DELIVERED", n: 300 }]);
  expect(await countersConsistent(id)).toBe(true);
  expect(await rollupMatchesRecount()).toBe(true);
});
