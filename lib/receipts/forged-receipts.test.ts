// Forged receipts cannot opt real people out (issue 42, item 4), over HTTP into a real PostgreSQL with the worker's
// applier: a blacklist receipt matched by its correlator alone, or naming the number with a uniqueId that is not the
// message's, opts nobody out; the provider's own receipt (number and uniqueId) does; and a burst over the
// organisation's limit is held, listed for the Receipts page, audited, and released to the opt-outs by an
// administrator (or discarded).
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { phones, sentBatch, UNHURRIED_REQUEST_MS } from "@/test/dispatch-harness";
import { receiptFor, receiptPosts } from "@/test/receipt-posts";
import { harnessForFile } from "@/test/harness-lifecycle";
import { decideHeldOptOuts, listHeldOptOuts, setCarrierOptOutBurst } from "./held-opt-outs";

const h = harnessForFile({ knobs: { receipts: false } }, { lanes: 2, requestTimeoutMs: UNHURRIED_REQUEST_MS });
const { postAndApply } = receiptPosts(h);

type Sent = { id: bigint; phone: string; providerUniqueId: string | null };

async function sent(count: number, offset: number): Promise<Sent[]> {
  const { messages } = await sentBatch(h, `forged ${offset}`, phones(count, offset), { sender: "CLINIC" });
  expect(messages.every((m) => m.providerUniqueId !== null)).toBe(true);
  return messages;
}

const blacklisted = (m: Sent, over: Partial<Record<string, string | null>> = {}) => ({
  ...receiptFor(m, "UserInBlackList"),
  ...over,
});

const optedOut = async (list: Sent[]) =>
  (await db.optOut.findMany({ where: { phone: { in: list.map((m) => m.phone) } }, orderBy: { phone: "asc" } })).map(
    (o) => [o.phone, o.source],
  );

const audits = (action: string) =>
  pool()
    .query<{ actorId: string | null; detail: Record<string, unknown> }>(
      `SELECT "actorId", detail FROM "AuditEvent" WHERE action = $1 ORDER BY id`,
      [action],
    )
    .then((r) => r.rows);

test("a forged blacklist receipt (correlator alone, or without the message's number and uniqueId) opts nobody out; the provider's own does", async () => {
  const messages = await sent(4, 5_000);
  const [walked, wrongId, otherNumber, real] = messages as [Sent, Sent, Sent, Sent];
  await postAndApply([
    // A walker's receipt: the next correlator, a number of its own choosing and a made-up uniqueId.
    blacklisted(walked, { phone: "254799999999", uniqueId: "00000000-0000-4000-8000-000000000000" }),
    // The right number (guessed or learnt) with the right correlator, but not the uniqueId the provider gave.
    blacklisted(wrongId, { uniqueId: "00000000-0000-4000-8000-000000000001" }),
    // The message's own uniqueId (seen somewhere) with a number that is not the message's.
    blacklisted(otherNumber, { phone: "254799999998" }),
  ]);
  // Each message took the receipt (the correlator names it) …
  const after = await db.message.findMany({ where: { id: { in: [walked.id, wrongId.id, otherNumber.id] } } });
  expect(after.map((m) => m.failureClass)).toEqual(["BLACKLISTED", "BLACKLISTED", "BLACKLISTED"]);
  // … but nobody was opted out, and nothing was audited as such.
  expect(await optedOut(messages)).toEqual([]);
  expect(await audits("optout.add")).toEqual([]);

  // The provider's receipt: the number and the uniqueId it gave the message.
  await postAndApply(blacklisted(real));
  expect(await optedOut(messages)).toEqual([[real.phone, "carrier"]]);
  expect(await audits("optout.add")).toHaveLength(1);
});

test("a burst over the limit is held, listed with a log line and an audit event, and released by an administrator", async () => {
  await setCarrierOptOutBurst(3, h.userId);
  const messages = await sent(5, 6_000);
  await postAndApply(messages.map((m) => blacklisted(m)));
  // Five at once against a limit of three: none is opted out, all five are held.
  expect(await optedOut(messages)).toEqual([]);
  const held = await listHeldOptOuts();
  expect(held.total).toBe(5);
  expect(held.rows.map((r) => r.phone).sort()).toEqual(messages.map((m) => m.phone).sort());
  expect(held.rows.map((r) => r.messageId).sort()).toEqual(messages.map((m) => String(m.id)).sort());
  expect(await audits("optout.hold")).toEqual([{ actorId: null, detail: { source: "carrier", held: 5 } }]);

  const all = held;
  // An administrator releases what the page showed: the numbers join the opt-outs, audited with who did it.
  expect(await decideHeldOptOuts({ decision: "release", upTo: all.upTo.toISOString() }, h.userId)).toEqual({
    decided: 5,
    added: 5,
  });
  expect(await optedOut(messages)).toEqual(messages.map((m) => [m.phone, "carrier"]).sort());
  expect((await listHeldOptOuts()).total).toBe(0);
  expect((await audits("optout.hold_release")).at(-1)).toEqual({
    actorId: h.userId,
    detail: { released: 5, added: 5 },
  });
});

test("held numbers an administrator discards are not opted out", async () => {
  await setCarrierOptOutBurst(0, h.userId);
  const messages = await sent(2, 7_000);
  await postAndApply(messages.map((m) => blacklisted(m)));
  const held = await listHeldOptOuts();
  expect(held.total).toBe(2);
  expect(await decideHeldOptOuts({ decision: "discard", upTo: held.upTo.toISOString() }, h.userId)).toEqual({
    decided: 2,
    added: 0,
  });
  expect(await optedOut(messages)).toEqual([]);
  expect((await listHeldOptOuts()).total).toBe(0);
  expect((await audits("optout.hold_discard")).at(-1)?.detail).toMatchObject({ discarded: 2 });
});
