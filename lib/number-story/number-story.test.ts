// One number's story (issue 38): its messages across batches newest first in keyset pages that meet no message
// twice and miss none, the call beside the SMS it followed, the summary's figures, its opt-out, the lists it was sent
// from — and a page read from the (phone, id) index of each closed week, never a sort of the number's history.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { account, batch, clinicList, escalationCall, messages } from "@/test/report-data";
import { numberFrom, numberLists, numberMessages, numberOptOut, numberSummary } from "./number-story";
import { summaryLine } from "./summary-line";
import { planText } from "@/test/plans";

const PHONE = "254712000111";

const accountId = await account();
const first = await batch(accountId, { name: "October reminders" });
const second = await batch(accountId, { name: "November reminders" });
const delivered = new Date("2026-11-26T06:02:00Z");
const ids = [
  ...(await messages(first, [
    { phone: PHONE, state: "DELIVERED", receiptAt: new Date("2026-10-03T07:00:00Z"), smsUnits: 1 },
    { phone: "254712000222", state: "DELIVERED" },
    { phone: PHONE, state: "FAILED", failureClass: "ABSENT", deliveryStatus: "AbsentSubscriber", smsUnits: 1 },
  ])),
  ...(await messages(second, [
    { phone: PHONE, state: "DELIVERED", receiptAt: delivered, text: "Hello Amina", smsUnits: 2 },
    { phone: "254733000333", state: "QUEUED" },
  ])),
];
// The newest was sent its batch's Kiswahili variant (docs/languages.md); the others, the default text.
await pool().query(`UPDATE "Message" SET language = 'sw' WHERE id = $1`, [ids[3]]);

test("a number in any Kenyan form is the stored one; anything else is told why", () => {
  for (const typed of ["0712 000 111", "+254 712-000-111", "712000111", "254712000111"])
    expect(numberFrom(typed)).toEqual({ ok: true, phone: PHONE });
  const wrong = numberFrom("Amina");
  expect(wrong.ok).toBe(false);
  expect(!wrong.ok && wrong.reason).toMatch(/\w+/);
});

test("its messages across batches, newest first, in pages that meet each once", async () => {
  const mine = [ids[0]!, ids[2]!, ids[3]!].sort((a, b) => Number(b) - Number(a));
  const one = await numberMessages(PHONE, { take: 2 });
  expect(one.rows.map((r) => r.id)).toEqual(mine.slice(0, 2));
  expect(one.next).toBe(mine[1]);
  const two = await numberMessages(PHONE, { take: 2, before: one.next! });
  expect(two.rows.map((r) => r.id)).toEqual(mine.slice(2));
  expect(two.next).toBeNull();

  const newest = one.rows[0]!;
  expect(newest).toMatchObject({
    batchName: "November reminders",
    text: "Hello Amina",
    language: "sw",
    kind: "SMS",
    smsUnits: 2,
  });
  const failed = one.rows[1]!;
  expect(failed).toMatchObject({
    state: "FAILED",
    failureClass: "ABSENT",
    text: "Hello from the template",
    language: null,
  });
  expect((await numberMessages("254799999999")).rows).toEqual([]);
});

test("an escalation call sits beside the SMS it followed, and the call names it", async () => {
  const sms = await batch(accountId, { name: "Escalating" });
  const [smsId] = await messages(sms, [{ phone: PHONE, state: "QUEUED" }]);
  const { voiceId, callId } = await escalationCall(accountId, smsId!, PHONE, "Please call");
  const { rows } = await numberMessages(PHONE, { take: 2 });
  expect(rows.map((r) => [r.id, r.kind, r.followed, r.call])).toEqual([
    [callId, "VOICE", smsId, null],
    [smsId, "SMS", null, { id: callId, state: "ANSWERED" }],
  ]);
  await pool().query(`DELETE FROM "Escalation" WHERE "parentMessageId" = $1`, [smsId]);
  await pool().query(`DELETE FROM "Batch" WHERE id = ANY($1::uuid[])`, [[sms, voiceId]]);
});

test("the summary line: how many since when, delivered, last delivered in the organisation's zone", async () => {
  const summary = await numberSummary(PHONE);
  expect(summary).toMatchObject({ messages: 3, delivered: 2, capped: false });
  expect(summary.lastDelivered?.toISOString()).toBe("2026-11-26T06:02:00.000Z");
  const line = summaryLine({ ...summary, since: new Date("2026-10-03T05:00:00Z") }, "Africa/Nairobi");
  expect(line).toBe("3 messages since 3 Oct 2026; 2 delivered; last delivered 26 Nov 2026, 09:02 EAT");
  expect(summaryLine({ ...summary, messages: 0 }, "Africa/Nairobi")).toBe("No message has been sent to this number");
});

test("its opt-out with who and why, and the lists it was sent from", async () => {
  expect(await numberOptOut(PHONE)).toBeNull();
  const user = await db.user.create({
    data: { email: "reception@example.test", name: "Reception", passwordHash: "x", role: "OPERATOR" },
  });
  await db.optOut.create({ data: { phone: PHONE, reason: "asked by phone", createdById: user.id } });
  expect(await numberOptOut(PHONE)).toMatchObject({
    reason: "asked by phone",
    source: "operator",
    createdBy: "Reception",
  });

  const listId = await clinicList(
    ["phone"],
    [
      { phone: "254712000222", cells: [] },
      { phone: PHONE, cells: [] },
    ],
  );
  const fromList = await batch(accountId, { name: "From the list" });
  await db.batch.update({ where: { id: fromList }, data: { listId } });
  const [sent] = await messages(fromList, [{ phone: PHONE, state: "QUEUED" }]);
  await pool().query(`UPDATE "Message" SET "listRow" = 2 WHERE id = $1`, [sent]);
  expect(await numberLists(PHONE)).toEqual([{ id: listId, name: "Clinic", rowNumber: 2 }]);
  expect(await numberLists("254712000222")).toEqual([]);
});

test("a page reads the closed weeks' (phone, id) index backwards and sorts only the open weeks' few rows", async () => {
  // A fresh database: the legacy partition is closed (indexed by the migration), this week and those ahead are open.
  const plan = await planText(`SELECT id FROM "Message" WHERE phone = $1 AND id < $2 ORDER BY id DESC LIMIT 51`, [
    PHONE,
    "9000000000000",
  ]);
  expect(plan).toMatch(/Index (Only )?Scan Backward using "?Message_legacy_phone_id_idx/);
  // Each open week is read through its (phone) index: the number's rows of that week, never a pass over the week.
  expect(plan).toMatch(
    /Index (Only )?Scan using "?Message_w\d+_phone_idx|Bitmap Index Scan on "?Message_w\d+_phone_idx/,
  );
  expect(plan).not.toMatch(/Seq Scan|Scan Backward using "?Message_w\d+_pkey/);
});
