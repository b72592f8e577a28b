// Resend is safe by construction: each recipient resent at most once, two resends at once make one child, and the
// confirmation counts what would be sent and what already was.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { isAppError } from "@/lib/errors/app-error";
import { heldBatch, numbersFrom } from "@/test/small-batch";
import { resendBatch } from "./resend-batch";
import { resendPreview } from "./resend-preview";

let offset = 0;

const accountId = await account();

/** A batch whose recipients ended UNKNOWN and FAILED (set directly: no provider is involved in resending). */
async function settledBatch(unknown: number, failed: number) {
  const count = unknown + failed;
  offset += 1_000;
  const id = await heldBatch(accountId, `parent ${offset}`, numbersFrom(20_000_000 + offset, count), {
    templateText: "Again",
  });
  await pool().query(
    `UPDATE "Message" m SET state = CASE WHEN r.n <= $2 THEN 'UNKNOWN'::"MessageState" ELSE 'FAILED'::"MessageState" END
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "Message" WHERE "batchId" = $1) r WHERE m.id = r.id`,
    [id, unknown],
  );
  await pool().query(`UPDATE "Batch" SET state = 'COMPLETED' WHERE id = $1`, [id]);
  return id;
}

const childRecipients = (parentId: string) =>
  pool()
    .query<{ phone: string }>(
      `SELECT m.phone FROM "Message" m JOIN "Batch" b ON b.id = m."batchId" WHERE b."parentBatchId" = $1`,
      [parentId],
    )
    .then((r) => r.rows.map((x) => x.phone));

test("two resends of the same batch at the same moment create one child; no recipient is in two children", async () => {
  const parent = await settledBatch(2_500, 500); // past the first stored slice of 2,000
  const outcomes = await Promise.allSettled([
    resendBatch(parent, { unknown: true, temporary: true }, null),
    resendBatch(parent, { unknown: true, temporary: true }, null),
  ]);
  const made = outcomes.filter((o) => o.status === "fulfilled");
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
  expect(made).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(isAppError(refused[0]!.reason) && refused[0]!.reason.code).toBe("CONFLICT");
  expect(await db.batch.count({ where: { parentBatchId: parent } })).toBe(1);
  const phones = await childRecipients(parent);
  expect(phones).toHaveLength(3_000);
  expect(new Set(phones).size).toBe(3_000);
  expect(await db.message.count({ where: { batchId: parent, resentToBatchId: null } })).toBe(0);
});

test("a resend while an earlier resend is still sending takes nobody twice; a new scope takes only the rest", async () => {
  const parent = await settledBatch(30, 20);
  const first = await resendBatch(parent, { unknown: true }, null); // its child is still waiting to send
  expect(first.recipients).toBe(30);
  const again = await resendBatch(parent, { unknown: true }, null).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(again) && again.message).toMatch(/already resent/);
  const preview = await resendPreview(parent);
  expect(preview).toMatchObject({ unknown: 0, failed: { NETWORK: 20 }, alreadyResent: 30 });
  expect(preview.children.map((c) => c.recipientCount)).toEqual([30]);
  const second = await resendBatch(parent, { unknown: true, temporary: true }, null);
  expect(second.recipients).toBe(20);
  const phones = await childRecipients(parent);
  expect(phones).toHaveLength(50);
  expect(new Set(phones).size).toBe(50);
});

test("the confirmation counts opted-out numbers apart, and they are not resent", async () => {
  const parent = await settledBatch(5, 0);
  const first = await db.message.findFirstOrThrow({ where: { batchId: parent }, orderBy: { id: "asc" } });
  await db.optOut.create({ data: { phone: first.phone } });
  expect(await resendPreview(parent)).toMatchObject({
    unknown: 4,
    optedOut: { operator: 1, carrier: 0 },
    alreadyResent: 0,
  });
  expect((await resendBatch(parent, { unknown: true }, null)).recipients).toBe(4);
});

test("failures by class: the temporary ones are a choice apart from the permanent ones; carrier blacklists never go", async () => {
  const parent = await settledBatch(0, 6);
  const rows = await db.message.findMany({ where: { batchId: parent }, orderBy: { id: "asc" } });
  const classes = ["ABSENT", "NO_ANSWER", "INVALID_NUMBER", "BLACKLISTED", "SENDER_ID", null];
  for (const [i, m] of rows.entries())
    await pool().query(`UPDATE "Message" SET "failureClass" = $2 WHERE id = $1`, [m.id, classes[i]]);
  // The blacklisted number was opted out by its network.
  await db.optOut.create({
    data: { phone: rows[3]!.phone, source: "carrier", reason: "Carrier blacklist (UserInBlackList)" },
  });
  const preview = await resendPreview(parent);
  expect(preview.failed).toMatchObject({
    ABSENT: 1,
    NO_ANSWER: 1,
    NETWORK: 1,
    INVALID_NUMBER: 1,
    SENDER_ID: 1,
    BLACKLISTED: 0,
  });
  expect(preview.optedOut).toEqual({ operator: 0, carrier: 1 });

  // Temporary only (what the confirmation offers): phone off, no answer, and the failure without a class.
  const temporary = await resendBatch(parent, { temporary: true }, null);
  expect(temporary.recipients).toBe(3);
  expect((await childRecipients(parent)).sort()).toEqual([rows[0]!.phone, rows[1]!.phone, rows[5]!.phone].sort());
  // Then the permanent ones, explicitly: never the blacklisted number.
  const permanent = await resendBatch(parent, { permanent: true }, null);
  expect(permanent.recipients).toBe(2);
  expect(await childRecipients(parent)).not.toContain(rows[3]!.phone);
});

test("whoever answered the escalation's call is left out of a resend, and the confirmation counts them (issue 35)", async () => {
  const parent = await settledBatch(2, 5);
  const rows = await db.message.findMany({ where: { batchId: parent }, orderBy: { id: "asc" } });
  // The calls of one UNKNOWN and three FAILED recipients were answered; one FAILED recipient's call was not.
  const callStates = ["ANSWERED", null, "ANSWERED", "ANSWERED", "ANSWERED", "FAILED", null];
  for (const [i, m] of rows.entries())
    await pool().query(`UPDATE "Message" SET "callState" = $2::"MessageState" WHERE id = $1`, [m.id, callStates[i]]);
  expect(await resendPreview(parent)).toMatchObject({ unknown: 1, failed: { NETWORK: 2 }, answeredCall: 4 });
  const resent = await resendBatch(parent, { unknown: true, temporary: true }, null);
  expect(resent.recipients).toBe(3);
  expect((await childRecipients(parent)).sort()).toEqual([rows[1]!.phone, rows[5]!.phone, rows[6]!.phone].sort());
});
