// The receipt log: keyset pages crossing 999 → 1,000, search by uniqueId, correlator and a phone in any form,
// unmatched receipts by reason (through the partial indexes), the lag distribution and messages ageing without a
// receipt (the NO_RECEIPT_AFTER_HOURS rule).
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { account, batch, messages, nextIdAt, receipts } from "@/test/report-data";
import { listAgeingMessages } from "./ageing-messages";
import { getReceiptLag } from "./receipt-lag";
import { listReceipts, receiptFilterSchema } from "./receipt-log";
import { planText } from "@/test/plans";
import { everyPage } from "@/test/every-page";

const accountId = await account();

test("pages of the log, newest first, cross 999 → 1,000 without skipping or repeating a receipt; the page after the last is empty", async () => {
  await nextIdAt("Receipt", 950);
  await receipts(
    Array.from({ length: 1_100 }, (_, i) => ({ accountId, uniqueId: `u${i}`, deliveryStatus: "DeliveredToTerminal" })),
  );
  const seen = (await everyPage((before) => listReceipts({ before }, 100))).flatMap((page) =>
    page.rows.map((r) => r.id),
  );
  const numbers = seen.map(Number);
  expect(new Set(seen).size).toBe(1_100);
  expect(numbers.every((n, i) => i === 0 || n < numbers[i - 1]!)).toBe(true);
  expect([numbers[0], numbers.at(-1)]).toEqual([2_049, 950]);
  expect((await listReceipts({ before: "950" })).rows).toEqual([]);
});

test("search by uniqueId, by correlator, and by a phone in any form; unmatched receipts by reason", async () => {
  const b = await batch(accountId);
  const [mine, theirs] = await messages(b, [
    { phone: "254712345678", state: "DELIVERED", providerUniqueId: "uid-77", submittedAt: new Date() },
    { phone: "254733000111", state: "DELIVERED", providerUniqueId: "uid-77", submittedAt: new Date() }, // comma-separated send: shared uniqueId
  ]);
  const [byUid, byCorr, stray, notSent, other] = await receipts([
    { accountId, uniqueId: "uid-77", phone: "254712345678", deliveryStatus: "DeliveredToTerminal", messageId: mine },
    { accountId, uniqueId: null, correlator: mine, phone: null, deliveryStatus: "DeliveredToNetwork", messageId: mine },
    {
      accountId,
      uniqueId: "ghost",
      correlator: "abc",
      phone: "254712345678",
      deliveryStatus: "DeliveryImpossible",
      unmatchedReason: "no_message",
    },
    {
      accountId,
      uniqueId: "early",
      correlator: "999999",
      phone: "254799000000",
      deliveryStatus: "DeliveredToTerminal",
      unmatchedReason: "not_sent",
    },
    { accountId, uniqueId: "uid-77", phone: "254733000111", deliveryStatus: "DeliveredToTerminal", messageId: theirs },
  ]);
  const ids = async (q: string, extra: { unmatched?: "any" | "no_message" | "not_sent" } = {}) =>
    (await listReceipts({ q, ...extra })).rows.map((r) => r.id).sort();
  expect(await ids("uid-77")).toEqual([byUid, other].sort());
  expect(await ids(mine!)).toEqual([byCorr]);
  for (const form of ["254712345678", "0712345678", "712345678", "+254 712 345 678", "0712-345-678"]) {
    expect(await ids(form)).toEqual([byUid, byCorr, stray].sort());
  }
  expect(await ids("nothing-like-this")).toEqual([]);
  expect((await listReceipts({ unmatched: "any" })).rows.map((r) => r.id)).toEqual([notSent, stray]);
  expect((await listReceipts({ unmatched: "not_sent" })).rows.map((r) => [r.id, r.unmatchedReason])).toEqual([
    [notSent, "not_sent"],
  ]);
  expect(await ids("0712345678", { unmatched: "no_message" })).toEqual([stray]);
  expect(receiptFilterSchema.safeParse({ unmatched: "because" }).success).toBe(false);
  expect(receiptFilterSchema.safeParse({ before: "1; drop" }).success).toBe(false);
});

test("the unmatched list and the phone search of unmatched receipts use the partial indexes, not a scan", async () => {
  const client = await pool().connect();
  try {
    await client.query("SET enable_seqscan = off");
    const plan = await planText(
      `SELECT id FROM "Receipt" r WHERE r."unmatchedReason" IS NOT NULL AND r.phone = '254712345678' ORDER BY id DESC LIMIT 50`,
      [],
      client,
    );
    // Receipt is partitioned (docs/partitioning.md): the scans name each partition's copy of the partial index
    // (Receipt_legacy_unmatched_phone_idx, Receipt_w46_phone_idx: the only phone and non-key id indexes there are).
    expect(plan).toMatch(/Receipt_\w+_(phone|id)_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  } finally {
    await client.query("RESET enable_seqscan");
    client.release();
  }
});

test("receipt lag: from submittedAt to receivedAt, in ranges, with a receipt that beat its answer counted apart", async () => {
  const baseline = await getReceiptLag({ fresh: true }); // receipts of the earlier tests
  const b = await batch(accountId);
  const t0 = new Date(Date.now() - 7_200_000);
  const ids = await messages(
    b,
    [0, 1, 2, 3].map((i) => ({ phone: `25472000000${i}`, state: "DELIVERED", submittedAt: t0 })),
  );
  await receipts([
    {
      accountId,
      correlator: ids[0],
      deliveryStatus: "DeliveredToTerminal",
      messageId: ids[0],
      receivedAt: new Date(t0.getTime() + 5_000),
    },
    {
      accountId,
      correlator: ids[1],
      deliveryStatus: "DeliveredToTerminal",
      messageId: ids[1],
      receivedAt: new Date(t0.getTime() + 5_000),
    },
    {
      accountId,
      correlator: ids[2],
      deliveryStatus: "DeliveredToTerminal",
      messageId: ids[2],
      receivedAt: new Date(t0.getTime() + 600_000),
    },
    {
      accountId,
      correlator: ids[3],
      deliveryStatus: "DeliveredToTerminal",
      messageId: ids[3],
      receivedAt: new Date(t0.getTime() - 1_000),
    },
  ]);
  const lag = await getReceiptLag({ fresh: true });
  const count = (label: string) =>
    lag.buckets.find((x) => x.label === label)!.count - baseline.buckets.find((x) => x.label === label)!.count;
  expect([count("< 10 s"), count("5–15 min"), count("before the answer")]).toEqual([2, 1, 1]);
  expect(lag.sampled - baseline.sampled).toBe(4);
  expect(lag.buckets.reduce((s, x) => s + x.count, 0)).toBe(lag.sampled);
});

test("messages ageing without a receipt: QUEUED past the no-receipt age, paged by id across 999 → 1,000; young ones and settled batches are not", async () => {
  await pool().query(`UPDATE "Message" SET state = 'DELIVERED' WHERE state = 'QUEUED'`);
  const old = new Date(Date.now() - 60 * 3_600_000);
  const aged = await batch(accountId, { name: "Aged", startedAt: old, state: "COMPLETED" });
  const young = await batch(accountId, { name: "Young", startedAt: new Date(), state: "SENDING" });
  await nextIdAt("Message", 990);
  const agedIds = await messages(
    aged,
    Array.from({ length: 30 }, (_, i) => ({
      phone: `2547300${String(10_000 + i)}`,
      state: i % 3 === 0 ? "DELIVERED" : "QUEUED",
      submittedAt: new Date(old.getTime() + i * 1000),
    })),
  );
  await messages(young, [{ phone: "254730999999", state: "QUEUED", submittedAt: new Date() }]);
  const expected = agedIds.filter((_, i) => i % 3 !== 0);
  const pages = await everyPage((after) => listAgeingMessages(after, 7));
  for (const page of pages) expect(page.batches.map((b) => b.name)).toEqual(["Aged"]);
  const seen = pages.flatMap((page) => page.rows.map((r) => r.id));
  expect(seen).toEqual(expected);
  expect(expected.some((id) => Number(id) < 1000) && expected.some((id) => Number(id) >= 1000)).toBe(true);
  expect((await listAgeingMessages(expected.at(-1))).rows).toEqual([]);
});
