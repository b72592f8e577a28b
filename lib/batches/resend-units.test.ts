// The resend confirmation's cost is the resend's: the same recipients (scope, not yet resent, not opted out) and the
// SMS units of the very texts the child batch gets.
import { expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { smsSegments } from "@/lib/provider/wire/sms-units";
import { heldBatch } from "@/test/small-batch";
import { resendBatch } from "./resend-batch";
import { resendUnits } from "./resend-units";

const accountId = await account();

test("units and recipients of a personalised resend match the child batch it creates; opted-out and other states are left out", async () => {
  const phone = (i: number) => `2547300${String(i).padStart(5, "0")}`;
  // Texts of 1, 2 and 3 segments (a long GSM-7 one, a UCS-2 one), and some with the batch's own text.
  const texts = [null, "short", "x".repeat(170), `Habari ũ ${"y".repeat(130)}`];
  const recipients = Array.from({ length: 40 }, (_, i) => ({ phone: phone(i), text: texts[i % 4] }));
  const id = await heldBatch(accountId, "personal", recipients, { templateText: "Template text" });
  // Rows 0–29 UNKNOWN, 30–39 DELIVERED; one UNKNOWN number opted out since.
  await pool().query(
    `UPDATE "Message" m SET state = CASE WHEN r.n <= 30 THEN 'UNKNOWN'::"MessageState" ELSE 'DELIVERED'::"MessageState" END
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "Message" WHERE "batchId" = $1) r WHERE m.id = r.id`,
    [id],
  );
  await pool().query(`INSERT INTO "OptOut" (phone) VALUES ($1)`, [phone(2)]);

  const cost = await resendUnits(id, { unknown: true });
  const expected = Array.from({ length: 30 }, (_, i) => i)
    .filter((i) => i !== 2)
    .reduce((sum, i) => sum + smsSegments(texts[i % 4] ?? "Template text"), 0);
  expect(cost).toEqual({ kind: "SMS", recipients: 29, units: expected });
  expect(expected).toBeGreaterThan(29); // some texts really are longer than one segment

  const child = await resendBatch(id, { unknown: true }, null);
  const { rows } = await pool().query<{ text: string | null; template: string }>(
    `SELECT m.text, b."templateText" AS template FROM "Message" m JOIN "Batch" b ON b.id = m."batchId" WHERE b.id = $1`,
    [child.id],
  );
  expect(rows).toHaveLength(cost.recipients);
  expect(rows.reduce((sum, row) => sum + smsSegments(row.text ?? row.template), 0)).toBe(cost.units);
  // Once resent, nobody is left to take, and nothing to pay.
  expect(await resendUnits(id, { unknown: true })).toEqual({ kind: "SMS", recipients: 0, units: 0 });
});
