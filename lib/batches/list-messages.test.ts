// The recipients list and the export where ids change digit count: 9 → 10, 999 → 1,000 and 999,999 → 1,000,000.
// Sorting the ids as text once skipped rows exactly there (an export of 1,000,000 returned 949,496).
import Papa from "papaparse";
import { expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { heldBatch, numbersFrom } from "@/test/small-batch";
import ExcelJS from "exceljs";
import { reportStream } from "./export-report";
import { reportXlsxStream } from "./export-report-xlsx";
import { listMessages } from "./list-messages";
import { recipientSearchSchema } from "./recipient-search";
import { everyPage } from "@/test/every-page";

const batches: { name: string; id: string; ids: string[] }[] = [];

async function batchFrom(firstId: number, count: number, offset: number) {
  await pool().query(`SELECT setval('"Message_id_seq"', $1, false)`, [firstId]);
  const id = await heldBatch(accountId, `from ${firstId}`, numbersFrom(10_000_000 + offset, count), {
    templateText: "Boundary",
  });
  // ORDER BY the column, not the text made of it (the very trap these tests are about).
  const ids = (
    await pool().query<{ id: string }>(
      `SELECT m.id::text AS id FROM "Message" m WHERE m."batchId" = $1 ORDER BY m.id`,
      [id],
    )
  ).rows.map((r) => r.id);
  return { name: `from ${firstId}`, id, ids };
}

const accountId = await account();
batches.push(await batchFrom(1, 25, 0)); // 1 … 25
batches.push(await batchFrom(990, 25, 100)); // 990 … 1,014
batches.push(await batchFrom(999_990, 25, 200)); // 999,990 … 1,000,014

const allPages = async (batchId: string, pageSize: number, options: Parameters<typeof listMessages>[1] = {}) =>
  (await everyPage((after) => listMessages(batchId, { ...options, after, limit: pageSize }))).flatMap((page) =>
    page.rows.map((r) => r.id),
  );

test("the ids really cross the digit counts", () => {
  expect(batches.map((b) => [b.ids[0], b.ids.at(-1)])).toEqual([
    ["1", "25"],
    ["990", "1014"],
    ["999990", "1000014"],
  ]);
});

test("every page size walks every recipient exactly once, in id order, past each digit boundary", async () => {
  for (const batch of batches) {
    for (const size of [1, 7, 10, 24, 25, 26]) {
      expect(await allPages(batch.id, size), `${batch.name}, pages of ${size}`).toEqual(batch.ids);
    }
  }
});

test("a filter pages exactly too, the page after the last one is empty, and the last full page says there may be more", async () => {
  const big = batches[2]!;
  expect(await allPages(big.id, 7, { filter: "PENDING" })).toEqual(big.ids);
  expect(await allPages(big.id, 7, { filter: "DELIVERED" })).toEqual([]);
  const last = await listMessages(big.id, { after: big.ids.at(-1), limit: 7 });
  expect(last).toEqual({ rows: [], next: null });
  const exact = await listMessages(big.id, { after: big.ids.at(-6), limit: 5 }); // exactly the last 5
  expect(exact.rows.map((r) => r.id)).toEqual(big.ids.slice(-5));
  expect(exact.next).toBe(big.ids.at(-1)); // a full page cannot know it was the last; the next one is empty
});

test("an uncommon state (read from its own rows) pages exactly across the boundary too", async () => {
  const big = batches[2]!;
  const failed = big.ids.filter((_, i) => i % 3 === 0); // 999,990, 999,993, … 1,000,014
  await pool().query(`UPDATE "Message" SET state = 'FAILED' WHERE id = ANY($1::bigint[])`, [failed]);
  try {
    for (const size of [1, 2, 4, 9])
      expect(await allPages(big.id, size, { filter: "FAILED" }), `pages of ${size}`).toEqual(failed);
    expect(await allPages(big.id, 4, { filter: "UNKNOWN" })).toEqual([]);
  } finally {
    await pool().query(`UPDATE "Message" SET state = 'PENDING' WHERE id = ANY($1::bigint[])`, [failed]);
  }
});

test("the export has exactly one row per recipient, in id order, across the boundary", async () => {
  const big = batches[2]!;
  const text = await new Response(reportStream({ id: big.id, templateText: "Boundary" }, null)).text();
  const rows = Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;
  expect(rows[0]).toEqual([
    "phone",
    "state",
    "delivery_status",
    "correlator",
    "provider_unique_id",
    "operator",
    "sms_units",
    "sent_at",
    "receipt_time",
    "text",
    "error",
    "call_state",
    "reference",
    "metadata",
    "language",
  ]);
  expect(rows.slice(1).map((r) => r[3])).toEqual(big.ids);
  expect(rows.slice(1).every((r) => r[9] === "Boundary")).toBe(true);
});

test("the XLSX export holds the same rows, typed, with a formula-looking text kept as text; over 100,000 is refused", async () => {
  const big = batches[2]!;
  await pool().query(`UPDATE "Message" SET text = '=HYPERLINK("http://x","y")' WHERE id = $1`, [big.ids[0]]);
  try {
    const bytes = Buffer.from(
      await new Response(
        reportXlsxStream({ id: big.id, templateText: "Boundary", recipientCount: big.ids.length }, null),
      ).arrayBuffer(),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Delivery report")!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values).toHaveLength(big.ids.length + 1);
    expect(values.slice(1).map((row) => String(row[4]))).toEqual(big.ids);
    const first = sheet.getRow(2);
    expect(first.getCell(10).value).toBe('=HYPERLINK("http://x","y")'); // a string, not a formula object
    expect(first.getCell(10).type).toBe(ExcelJS.ValueType.String);
  } finally {
    await pool().query(`UPDATE "Message" SET text = NULL WHERE id = $1`, [big.ids[0]]);
  }
  expect(() => reportXlsxStream({ id: big.id, templateText: "x", recipientCount: 100_001 }, null)).toThrow(
    /up to 100,000 recipients; this one has 100,001\. Export it as CSV/,
  );
});

test("a search finds a number in any form, or a correlator; a short term, or a word in a batch of typed numbers, is refused with a reason", async () => {
  const big = batches[2]!;
  const phone = "254710000205"; // the sixth recipient of the big batch
  for (const typed of ["254710000205", "+254 710 000 205", "0710-000-205", "710000205"]) {
    const search = recipientSearchSchema.parse(typed);
    const page = await listMessages(big.id, { search });
    expect(
      page.rows.map((r) => r.phone),
      typed,
    ).toEqual([phone]);
  }
  const byCorrelator = await listMessages(big.id, { search: recipientSearchSchema.parse(big.ids[20]!) });
  expect(byCorrelator.rows.map((r) => r.id)).toEqual([big.ids[20]]);
  expect(recipientSearchSchema.safeParse("he").error?.issues[0]?.message).toBe(
    '"he" is too short: type at least 3 characters of a name or another column, or a whole phone number or correlator.',
  );
  // A word is searched in the columns of the batch's list; this batch's numbers were typed (list-columns.test.ts).
  await expect(listMessages(big.id, { search: recipientSearchSchema.parse("hello") })).rejects.toThrow(
    '"hello" is neither a Kenyan phone number nor a correlator, and this batch was not sent from a list whose columns could be searched.',
  );
});
