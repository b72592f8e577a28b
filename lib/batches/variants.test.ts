// A batch's language variants as createBatch stores them (variants.ts, issue 39), against the real PostgreSQL: each
// recipient's text is their variant's (counted in the units budget per variant), the duplicate-send guard compares
// the text each person actually received, and a resend keeps each recipient's language and text.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { smsSegments } from "@/lib/provider/wire/sms-units";
import { createBatch, type CreateBatchInput } from "./create-batch";
import { resendBatch } from "./resend-batch";

let offset = 0;

const accountId = await account();
// Budgeted: the planner counts each recipient's own text (lib/units/planned-units.ts).
await db.unitPurchase.create({ data: { accountId, units: 1_000_000 } });

const SW = `Habari, kliniki ni kesho saa tatu asubuhi.${" Tafadhali fika mapema.".repeat(7)}`; // two segments
const EN = "Hello, the clinic is tomorrow at 9:00.";

function batch(languages: (string | null)[], extra: Partial<CreateBatchInput> = {}): CreateBatchInput {
  const phones = languages.map((_, i) => `2547${String(40_000_000 + offset + i).slice(-8)}`);
  offset += languages.length;
  return {
    kind: "SMS",
    accountId,
    authorId: null,
    name: `variants ${offset}`,
    templateText: "Default.",
    sender: "TUMA",
    variants: [
      { language: "sw", text: SW },
      { language: "en", text: EN },
    ],
    recipients: phones.map((phone, i) => ({ phone, language: languages[i] })),
    ...extra,
  };
}

const stored = async (batchId: string) =>
  (
    await pool().query<{ phone: string; language: string | null; text: string | null }>(
      `SELECT phone, language, text FROM "Message" WHERE "batchId" = $1 ORDER BY id`,
      [batchId],
    )
  ).rows;

test("each recipient is stored with their variant's text and language; the units budget counts each variant's segments", async () => {
  expect(smsSegments(SW)).toBe(2);
  // fr has no variant here: the default, and no language recorded.
  const { id } = await createBatch(batch(["sw", "sw", "en", null, "fr"]));
  expect((await stored(id)).map((m) => [m.language, m.text])).toEqual([
    ["sw", SW],
    ["sw", SW],
    ["en", EN],
    [null, null],
    [null, null],
  ]);
  const row = await db.batch.findUniqueOrThrow({ where: { id } });
  expect(row.plannedUnits).toBe(2 + 2 + 1 + 1 + 1);
  expect(row.variants).toEqual([
    { language: "sw", text: SW, escalationText: null },
    { language: "en", text: EN, escalationText: null },
  ]);
});

test("the duplicate-send guard compares the text each person received: the same Kiswahili text again is left out, a new one is not", async () => {
  const first = batch(["sw", "en", null]);
  await createBatch(first);
  const again = await createBatch({ ...first, name: "again" }, { guardDuplicates: true }).catch(
    (error: Error) => error,
  );
  expect(String(again)).toMatch(/were sent this text recently/);
  const changed = await createBatch(
    {
      ...first,
      name: "new sw text",
      variants: [
        { language: "sw", text: "Ujumbe mpya." },
        { language: "en", text: EN },
      ],
    },
    { guardDuplicates: true },
  );
  // Only the Kiswahili reader gets something new; the English and default ones got theirs already.
  expect(changed.resent).toEqual({ found: 2, excluded: 2 });
  expect((await stored(changed.id)).map((m) => [m.language, m.text])).toEqual([["sw", "Ujumbe mpya."]]);
});

test("a resend keeps each recipient's language and text", async () => {
  const { id } = await createBatch(batch(["sw", "en", null]));
  await pool().query(`UPDATE "Message" SET state = 'FAILED', "failureClass" = 'ABSENT' WHERE "batchId" = $1`, [id]);
  const resent = await resendBatch(id, { unknown: false, temporary: true, permanent: true, noReceipt: false }, null);
  expect((await stored(resent.id)).map((m) => [m.language, m.text])).toEqual([
    ["sw", SW],
    ["en", EN],
    [null, null],
  ]);
  expect((await db.batch.findUniqueOrThrow({ where: { id: resent.id } })).variants).toEqual([
    { language: "sw", text: SW, escalationText: null },
    { language: "en", text: EN, escalationText: null },
  ]);
});
