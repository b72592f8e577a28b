// Subject access (issue 38 item 4): the JSON file names when, by whom and for which number it was made, and holds
// every part — the messages with their texts, the receipts about them and those that named the number unmatched,
// the escalation call, the opt-out and its history, the list row with its columns, the webhook delivery that named
// it — and nothing of another number; the zip holds the same parts, one CSV each, after header.csv.
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { account, batch, clinicList, escalationCall, messages, receipts } from "@/test/report-data";
import { subjectParts } from "./subject-access";
import { subjectJson, subjectZip } from "./subject-access-stream";

const PHONE = "254712000555";
const OTHER = "254712000666";
const header = {
  phone: PHONE,
  madeAt: new Date("2026-11-28T06:30:00Z"),
  madeBy: { name: "Admin", email: "admin@example.test" },
  timeZone: "Africa/Nairobi",
};

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const accountId = await account();
const user = await db.user.create({
  data: { email: "reception@example.test", name: "Reception", passwordHash: "x", role: "OPERATOR" },
});
const listId = await clinicList(
  ["name", "phone"],
  [
    { phone: PHONE, cells: ["Amina", "0712000555"] },
    { phone: OTHER, cells: ["Baraka", "0712000666"] },
  ],
);
const sms = await batch(accountId, { name: "Reminders" });
await db.batch.update({ where: { id: sms }, data: { listId } });
const smsId = (
  await messages(sms, [
    { phone: PHONE, state: "DELIVERED", text: "Hello Amina, see you at 9", providerUniqueId: "u-555" },
  ])
)[0]!;
await messages(sms, [{ phone: OTHER, state: "DELIVERED", text: "Hello Baraka", providerUniqueId: "u-666" }]);
// Sent the batch's Kiswahili variant (docs/languages.md): the file says in which language.
await pool().query(`UPDATE "Message" SET "listRow" = 1, language = 'sw' WHERE id = $1`, [smsId]);
const { callId } = await escalationCall(accountId, smsId, PHONE, "Please call the clinic");
await receipts([
  {
    accountId,
    uniqueId: "u-555",
    correlator: smsId,
    phone: PHONE,
    deliveryStatus: "DeliveredToTerminal",
    messageId: smsId,
  },
  { accountId, uniqueId: "u-666", phone: OTHER, deliveryStatus: "DeliveredToTerminal" },
  { accountId, uniqueId: "stray", phone: PHONE, deliveryStatus: "DeliveryImpossible", unmatchedReason: "no_message" },
]);
await db.optOut.create({ data: { phone: PHONE, reason: "asked by phone", createdById: user.id } });
await recordAudit({
  actorId: user.id,
  action: "optout.add",
  targetType: "OptOut",
  targetId: PHONE,
  detail: { reason: "asked by phone" },
});
const endpoint = await db.webhookEndpoint.create({
  data: { url: "https://hooks.example.test/tuma", events: ["message.delivered"], secretCiphertext: "x" },
});
for (const phone of [PHONE, OTHER])
  await pool().query(
    `INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload) VALUES ($1, 'message.delivered', $2, $3)`,
    [endpoint.id, `msg_${phone}`, JSON.stringify({ type: "message.delivered", data: { phone } })],
  );

test("the JSON file: a header saying when, by whom and for what; every part; nothing of another number", async () => {
  const text = (await bytes(subjectJson(header, subjectParts(PHONE, header.timeZone)))).toString("utf8");
  const file = JSON.parse(text) as Record<string, Record<string, unknown>[]> & { header: Record<string, string> };
  expect(file.header).toMatchObject({
    subject: PHONE,
    made_at: "2026-11-28T09:30:00+03:00",
    made_by: "Admin <admin@example.test>",
  });
  expect(file.messages!.map((m) => [m.id, m.text, m.language])).toEqual([
    [callId, "Please call the clinic", null],
    [smsId, "Hello Amina, see you at 9", "sw"],
  ]);
  expect(file.receipts!.map((r) => r.unique_id).sort()).toEqual(["stray", "u-555"]);
  expect(file.receipts!.every((r) => typeof r.raw === "string" && (r.raw as string).includes("deliveryStatus"))).toBe(
    true,
  );
  expect(file.escalation_calls).toEqual([expect.objectContaining({ call_message_id: callId, followed_sms_id: smsId })]);
  expect(file.opt_out!.map((o) => o.what)).toEqual(["opted out now", "optout.add"]);
  expect(file.opt_out![0]).toMatchObject({ by: "reception@example.test", reason: "asked by phone" });
  expect(file.list_rows).toEqual([
    expect.objectContaining({
      list_name: "Clinic",
      row_number: 1,
      cells: JSON.stringify({ name: "Amina", phone: "0712000555" }),
    }),
  ]);
  expect(file.webhook_deliveries!.map((d) => d.event_id)).toEqual([`msg_${PHONE}`]);
  expect(text).not.toContain(OTHER);
  expect(text).not.toContain("Baraka");
});

test("the zip: header.csv, then one CSV per part, each with its rows", async () => {
  const zip = await bytes(subjectZip(header, subjectParts(PHONE, header.timeZone)));
  // Read the local entries in order: name, then the deflated data up to the next signature.
  const entries = new Map<string, string>();
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])); at !== -1;) {
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extra;
    const next = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), start);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), start);
    const end = next === -1 ? central : next;
    const data = zip.subarray(start, end);
    entries.set(name, zlib.inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString("utf8"));
    at = next;
  }
  expect([...entries.keys()]).toEqual([
    "header.csv",
    "messages.csv",
    "receipts.csv",
    "escalation_calls.csv",
    "opt_out.csv",
    "list_rows.csv",
    "webhook_deliveries.csv",
  ]);
  expect(entries.get("header.csv")).toContain("Admin <admin@example.test>");
  expect(entries.get("messages.csv")).toContain("Hello Amina, see you at 9");
  expect(entries.get("list_rows.csv")).toContain("Amina");
  expect([...entries.values()].join("")).not.toContain(OTHER);
});
