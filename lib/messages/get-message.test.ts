// A message's page data: the request rebuilt as sent (checked against what the sandbox received over HTTP), the
// provider's answer, its receipts with their raw JSON (matched, and unmatched ones with its correlator), the
// timeline; ids crossing 999 → 1,000; unknown and malformed ids are null.
import { expect, test } from "vitest";
import { createBatch } from "@/lib/batches/create-batch";
import { db } from "@/lib/db/client";
import { batchWhen, waitFor, UNHURRIED_REQUEST_MS } from "@/test/dispatch-harness";
import { harnessForFile } from "@/test/harness-lifecycle";
import { account, batch, messages, nextIdAt, receipts } from "@/test/report-data";
import { getMessage, parseMessageId } from "./get-message";

const h = harnessForFile({}, { lanes: 2, requestTimeoutMs: UNHURRIED_REQUEST_MS });

test("a message sent through the sandbox: the request as the provider received it, its answer, its receipt and timeline", async () => {
  const { id } = await createBatch({
    kind: "SMS",
    accountId: h.accountId,
    authorId: h.userId,
    name: "page",
    templateText: "Hello {name}",
    sender: "TUMA",
    recipients: [{ phone: "0712000001", text: "Hello Amina" }, { phone: "0733000002" }],
  });
  await batchWhen(id, (b) => b.deliveredCount === 2, 30_000, "delivered");
  const [personal, plain] = await db.message.findMany({ where: { batchId: id }, orderBy: { id: "asc" } });
  await waitFor(
    () => db.receipt.count({ where: { messageId: plain!.id } }),
    (n) => n >= 1,
    10_000,
    "receipt linked",
  );

  const detail = (await getMessage(String(personal!.id)))!;
  const sent = (await h.accepted()).find((a) => String(a.correlator) === String(personal!.id))!;
  expect(detail.request).toMatchObject({
    sender: "TUMA",
    message: "Hello Amina",
    phone: "254712000001",
    correlator: String(personal!.id),
  });
  // What the sandbox received over HTTP is what the page shows.
  expect([sent.message, sent.from, sent.normalizedPhone, sent.uniqueId]).toEqual([
    detail.request.message,
    "TUMA",
    detail.request.phone,
    detail.answer.uniqueId,
  ]);
  // The receipt URL without its secret; never the token.
  expect(detail.request.endpoint).toMatch(/\/api\/receipts\/<receipt secret>$/);
  expect(JSON.stringify(detail)).not.toContain(h.receiptSecret);
  expect(JSON.stringify(detail)).not.toContain(h.token);

  const other = (await getMessage(String(plain!.id)))!;
  expect(other.request.message).toBe("Hello {name}"); // not personalised: the batch template
  expect(other.personalised).toBe(false);
  expect(other.answer).toMatchObject({
    uniqueId: plain!.providerUniqueId,
    operator: "Airtel",
    state: "DELIVERED",
    smsUnits: 1,
  });
  expect(other.receipts.length).toBeGreaterThanOrEqual(1);
  const raw = JSON.parse(other.receipts[0]!.raw) as { correlator: unknown; deliveryStatus: string };
  expect(String(raw.correlator)).toBe(String(plain!.id));
  expect(raw.deliveryStatus).toBe("DeliveredToTerminal");
  const steps = other.timeline.map((e) => e.what);
  expect([steps[0], steps[1], steps.at(-1)]).toEqual([
    "Created",
    "Submitted to the provider",
    "Final state: DELIVERED",
  ]);
  expect(steps).toContain("Receipt DeliveredToTerminal");
});

test("receipts with its correlator that matched nothing are shown; another message's receipt with a shared uniqueId is not", async () => {
  const accountId = await account();
  const b = await batch(accountId);
  await nextIdAt("Message", 999);
  const [m999, m1000] = await messages(b, [
    { phone: "254712111111", state: "QUEUED", providerUniqueId: "shared-uid", submittedAt: new Date() },
    {
      phone: "254712222222",
      state: "DELIVERED",
      providerUniqueId: "shared-uid",
      submittedAt: new Date(),
      receiptAt: new Date(),
      deliveryStatus: "DeliveredToTerminal",
    },
  ]);
  expect([m999, m1000]).toEqual(["999", "1000"]);
  await receipts([
    {
      accountId,
      uniqueId: "shared-uid",
      phone: "254712222222",
      deliveryStatus: "DeliveredToTerminal",
      messageId: m1000,
    },
    {
      accountId,
      uniqueId: "other",
      correlator: "999",
      phone: "254712111111",
      deliveryStatus: "DeliveryImpossible",
      unmatchedReason: "not_sent",
    },
  ]);
  const a = (await getMessage("999"))!;
  expect(a.receipts.map((r) => [r.deliveryStatus, r.matched, r.unmatchedReason])).toEqual([
    ["DeliveryImpossible", false, "not_sent"],
  ]);
  const c = (await getMessage("1000"))!;
  expect(c.receipts.map((r) => [r.deliveryStatus, r.matched])).toEqual([["DeliveredToTerminal", true]]);
  expect(c.id).toBe("1000");
});

test("unknown and malformed ids are null", async () => {
  expect(await getMessage("123456789012")).toBeNull();
  for (const bad of ["", "abc", "-1", "0", "1e3", "12.5", " 12", "9223372036854775808", "99999999999999999999"]) {
    expect(parseMessageId(bad)).toBeNull();
    expect(await getMessage(bad)).toBeNull();
  }
  expect(parseMessageId("9223372036854775807")).toBe(9_223_372_036_854_775_807n);
});
