// Erasure (issue 38 item 5): the dry run counts each kind; the erasure cleans every table that held the number
// (messages and their texts, receipts matched and unmatched, list rows and their search text, the duplicate guard's
// memory, the opt-out and its audit entries, webhook payloads) and nothing of another number; the number's page, a
// batch's search, its export and GET /api/v1/messages?phone= find nothing; the batch report and the Overview are the
// same before and after; a receipt arriving later changes nothing and keeps no number; "never contact" stores the
// number SUPPRESSED at the next send, as an opt-out, while Tuma keeps only its keyed hash; the audit entry never
// names it in clear.
import { beforeAll, expect, test } from "vitest";
import { GET as phoneMessages } from "@/app/api/v1/messages/route";
import { POST as createBatchByApi } from "@/app/api/v1/batches/route";
import { POST as sendOneByApi } from "@/app/api/v1/messages/route";
import { recordAudit } from "@/lib/audit/record-audit";
import { reportStream } from "@/lib/batches/export-report";
import { listMessages } from "@/lib/batches/list-messages";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { findOptedOut } from "@/lib/opt-outs/find-opted-out";
import { isNeverContacted } from "@/lib/opt-outs/never-contact";
import { applyPendingReceipts } from "@/lib/receipts/apply-receipts";
import { storeReceipts } from "@/lib/receipts/store-receipts";
import { getBatchReport } from "@/lib/reports/batch-report";
import { getOverviewReport } from "@/lib/reports/overview";
import { call, defaultAccount, keyFor, user } from "@/test/api/api-client";
import { account, batch, clinicList, countRows, escalationCall, messages, receipts } from "@/test/report-data";
import { eraseNumber, erasureCounts, erasureSentence } from "./erase-number";
import { numberMessages } from "./number-story";

const PHONE = "254712000777";
const OTHER = "254712000888";

/** Every row of the tables that may hold a number, as text (the audit log is append-only: checked apart). */
async function everything(): Promise<string> {
  const tables = [
    "Message",
    "Receipt",
    "ListRecipient",
    "ListSearchText",
    "ListIssue",
    "SentText",
    "OptOut",
    "HeldOptOut",
    "WebhookDelivery",
    "Batch",
  ];
  const parts = await Promise.all(
    tables.map(async (t) => JSON.stringify((await pool().query(`SELECT * FROM "${t}"`)).rows)),
  );
  return parts.join("\n");
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** The Overview's figures (an active batch's name may lose the number: the API's single send names its batch by it). */
const overview = async () => {
  const o = await getOverviewReport(new Date());
  return { ...o, active: o.active.map(({ name: _name, ...rest }) => rest) };
};

const report = async (id: string) => {
  const { computedAt: _computed, ...rest } = (await getBatchReport(id, { fresh: true }))!;
  return rest;
};

const accountId = await account();
const adminId = (
  await db.user.create({ data: { email: "dpo@example.test", name: "DPO", passwordHash: "x", role: "ADMIN" } })
).id;
const listId = await clinicList(
  ["name", "phone"],
  [
    { phone: PHONE, cells: ["Amina", "0712000777"] },
    { phone: OTHER, cells: ["Baraka", "0712000888"] },
  ],
  2,
);
const sms = await batch(accountId, { name: "Reminders" });
await db.batch.update({ where: { id: sms }, data: { listId } });
const [smsId, otherId] = (await messages(sms, [
  { phone: PHONE, state: "DELIVERED", text: "Hello Amina, see you at 9", providerUniqueId: "u-777", smsUnits: 1 },
  { phone: OTHER, state: "DELIVERED", text: "Hello Baraka", providerUniqueId: "u-888", smsUnits: 1 },
])) as [string, string];
await pool().query(`UPDATE "Message" SET "listRow" = CASE WHEN id = $1 THEN 1 ELSE 2 END WHERE "batchId" = $2`, [
  smsId,
  sms,
]);
await pool().query(
  `INSERT INTO "SentText" ("textHash", phone, "sentAt", "batchId") VALUES (1, $1, now(), $3), (1, $2, now(), $3)`,
  [PHONE, OTHER, sms],
);
await escalationCall(accountId, smsId, PHONE, "Please call");
await receipts([
  {
    accountId,
    uniqueId: "u-777",
    correlator: smsId,
    phone: PHONE,
    deliveryStatus: "DeliveredToTerminal",
    messageId: smsId,
  },
  {
    accountId,
    uniqueId: "u-888",
    correlator: otherId,
    phone: OTHER,
    deliveryStatus: "DeliveredToTerminal",
    messageId: otherId,
  },
  { accountId, uniqueId: "stray", phone: PHONE, deliveryStatus: "DeliveryImpossible", unmatchedReason: "no_message" },
]);
await db.optOut.create({ data: { phone: PHONE, reason: "asked by phone" } });
await recordAudit({
  actorId: adminId,
  action: "optout.add",
  targetType: "OptOut",
  targetId: PHONE,
  detail: { reason: "asked" },
});
const endpoint = await db.webhookEndpoint.create({
  data: { url: "https://hooks.example.test/tuma", events: ["message.delivered"], secretCiphertext: "x" },
});
for (const phone of [PHONE, OTHER])
  await pool().query(
    `INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload) VALUES ($1, 'message.delivered', $2, $3)`,
    [endpoint.id, `msg_${phone.slice(-3)}`, JSON.stringify({ type: "message.delivered", data: { phone, text: "Hi" } })],
  );

beforeAll(async () => {
  // The API's single send: a batch of one named after the number as the caller wrote it, its text the template.
  await defaultAccount();
  const key = await keyFor(await user("OPERATOR"), ["send"]);
  const sent = await call(sendOneByApi, {
    key,
    body: { to: "0712000777", templateText: "Amina, your results are in" },
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
});

test("the dry run names what will go, per kind, and changes nothing", async () => {
  const before = await everything();
  expect(await erasureCounts(PHONE)).toEqual({
    messages: 3,
    receiptsMatched: 1,
    receiptsUnmatched: 1,
    listRows: 1,
    escalations: 1,
    webhookDeliveries: 1,
    optOut: 1,
  });
  expect(await everything()).toBe(before);
  expect(erasureSentence(await erasureCounts(PHONE))).toBe(
    "3 messages with their texts, 1 receipt about them, 1 unmatched receipt naming it, 1 list row, " +
      "1 escalation call record, 1 webhook delivery naming it and its opt-out",
  );
});

test("erasure cleans every table, keeps the totals, and leaves the number nowhere to be found", async () => {
  // The batch's search by a list cell finds the row first (and stores the list's search text, ListSearchText).
  const byName = { phone: null, correlator: null, text: "amina" };
  expect((await listMessages(sms, { search: byName })).rows.map((r) => r.id)).toEqual([smsId]);
  expect((await listMessages(sms, { search: { phone: PHONE, correlator: null, text: null } })).rows).toHaveLength(1);
  const reportBefore = await report(sms);
  const overviewBefore = await overview();
  const countersBefore = (await pool().query(`SELECT * FROM "Batch" WHERE id = $1`, [sms])).rows;
  expect(await everything()).toContain(PHONE);

  const counts = await eraseNumber(PHONE, {
    actorId: adminId,
    reason: "Asked under the DPA, ticket 42",
    neverContact: false,
  });
  expect(counts.messages).toBe(3);

  const after = await everything();
  expect(after).not.toContain(PHONE);
  expect(after).not.toContain("0712000777");
  expect(after).not.toContain("Hello Amina");
  expect(after).not.toContain("Amina");
  expect(after).toContain("API message to an erased number");
  // Another number's rows are untouched.
  for (const kept of [OTHER, "Hello Baraka", "Baraka", "u-888"]) expect(after).toContain(kept);
  const { rows: scrubbed } = await pool().query<{ phone: string; text: string | null; state: string }>(
    `SELECT phone, text, state::text FROM "Message" WHERE id = $1`,
    [smsId],
  );
  expect(scrubbed).toEqual([{ phone: "", text: "", state: "DELIVERED" }]);
  // The list counts its rows and its opted out without the number (it was opted out, so counted among them).
  const clinic = { where: { name: "Clinic" }, select: { validCount: true, optedOutCount: true } };
  expect(await db.list.findFirstOrThrow(clinic)).toEqual({ validCount: 1, optedOutCount: 0 });

  // Totals: the batch's counters, its report and the Overview are as they were.
  expect((await pool().query(`SELECT * FROM "Batch" WHERE id = $1`, [sms])).rows).toEqual(countersBefore);
  expect(await report(sms)).toEqual(reportBefore);
  expect(await overview()).toEqual(overviewBefore);

  // Found nowhere: the number's page, the batch's search and export, the API.
  expect((await numberMessages(PHONE)).rows).toEqual([]);
  expect((await listMessages(sms, { search: { phone: PHONE, correlator: null, text: null } })).rows).toEqual([]);
  expect((await listMessages(sms, { search: byName })).rows).toEqual([]);
  const exported = await text(reportStream({ id: sms, templateText: "Hello from the template" }, null));
  expect(exported).toContain(OTHER);
  expect(exported).not.toContain(PHONE);
  expect(exported).not.toContain("Amina");
  await defaultAccount();
  const key = await keyFor(await user("OPERATOR"), ["read"]);
  const answer = await call(phoneMessages, { key, path: `/messages?phone=${PHONE}` });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);

  // The audit entry: counts and reason, the number by its keyed hash only.
  const entry = await db.auditEvent.findFirstOrThrow({ where: { action: "number.erase" } });
  expect(entry.targetId).toMatch(/^sha256:[0-9a-f]{16}$/);
  expect(entry.detail).toMatchObject({ messages: 3, listRows: 1, reason: "Asked under the DPA, ticket 42" });
  expect(JSON.stringify([entry.targetId, entry.detail])).not.toContain(PHONE);

  // A receipt arriving later for the erased message: no total moves, no number is kept.
  await storeReceipts([
    {
      accountId,
      uniqueId: "u-777",
      correlator: smsId,
      phone: PHONE,
      deliveryStatus: "DeliveryImpossible",
      deliveryTime: "2026-11-28 10:00:00",
      deliveryAt: new Date(),
      raw: JSON.stringify({ correlator: smsId, phone: PHONE, deliveryStatus: "DeliveryImpossible" }),
    },
  ]);
  while ((await applyPendingReceipts()).taken > 0);
  expect(await everything()).not.toContain(PHONE);
  expect((await pool().query(`SELECT state::text FROM "Message" WHERE id = $1`, [smsId])).rows).toEqual([
    { state: "DELIVERED" },
  ]);
  expect((await pool().query(`SELECT * FROM "Batch" WHERE id = $1`, [sms])).rows).toEqual(countersBefore);
  expect(await report(sms)).toEqual(reportBefore);
});

test("never contact: the next send stores the number SUPPRESSED, as an opt-out, keeping only its hash", async () => {
  const NEVER = "254712000999";
  await messages(await batch(accountId, { name: "Before" }), [{ phone: NEVER, state: "DELIVERED" }]);
  await eraseNumber(NEVER, { actorId: adminId, reason: "Asked never to be contacted", neverContact: true });
  expect(await everything()).not.toContain(NEVER);
  expect(await countRows(`"NeverContact"`)).toBe(1);
  expect(await isNeverContacted(NEVER)).toBe(true);
  expect(await isNeverContacted("254712000123")).toBe(false);
  // Compose names it among the opted-out numbers before Send.
  expect(await findOptedOut([NEVER, "254712000123"])).toEqual([NEVER]);

  await defaultAccount();
  const key = await keyFor(await user("OPERATOR"), ["send", "read"]);
  const answer = await call(createBatchByApi, {
    key,
    body: { name: "After", templateText: "Your appointment", recipients: ["0712000999", "0712000123"] },
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  const { rows } = await pool().query<{ phone: string; state: string }>(
    `SELECT phone, state::text FROM "Message" WHERE "batchId" = $1 ORDER BY phone`,
    [id],
  );
  expect(rows).toEqual([
    { phone: "254712000123", state: "PENDING" },
    { phone: NEVER, state: "SUPPRESSED" },
  ]);
});
