// A batch sent from a list keeps the list's columns: each recipient comes with its row (the page, both exports, a
// resend), and the search finds recipients by any cell — case and accents ignored, before and after the list's search
// text is stored, across pages — while a term too short to look up by index, or a name in a batch of typed numbers,
// is refused with a sentence.
import ExcelJS from "exceljs";
import { beforeAll, expect, onTestFinished, test } from "vitest";
import { account, countRows } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { serialize } from "@/lib/http/serialize";
import { removeList } from "@/lib/lists/remove-list";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { createBatch } from "./create-batch";
import { createBatchFromList } from "./create-from-list";
import { reportStream } from "./export-report";
import { reportXlsxStream } from "./export-report-xlsx";
import { getBatch } from "./get-batch";
import { BUILD_LOCK_SPACE, buildSearchText, searchTuning } from "./list-search";
import { listMessages, type MessageRow } from "./list-messages";
import { recipientSearchSchema } from "./recipient-search";
import { resendBatch } from "./resend-batch";
import { everyPage } from "@/test/every-page";

const ROWS = 130;
let listId = "";
let batchId = "";

const phoneOf = (i: number) => `2547${String(20_000_000 + i).padStart(8, "0")}`;
/** Row i (file row i + 2): a few named people, the rest "Patient i"; every tenth at the Kisumu clinic. */
const nameOf = (i: number) =>
  ({ 0: "Wanjirũ Kamau", 1: "Otieno Ochieng", 2: "AMINA ÉLODIE" })[i] ?? `Patient ${String(i).padStart(3, "0")}`;
const clinicOf = (i: number) => (i % 10 === 4 ? "Kisumu East" : i === 5 ? "=HYPERLINK(1)" : "Nakuru");

const authorId = await author();
const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });

beforeAll(async () => {
  const rows = Array.from({ length: ROWS }, (_, i) => `${nameOf(i)},${phoneOf(i)},${clinicOf(i)}`);
  const upload = await uploadFile(authorId, "patients.csv", `name,phone,clinic\n${rows.join("\n")}\n`, 4096);
  expect(upload.valid).toBe(ROWS);
  listId = upload.id;
  batchId = (await createBatchFromList({ ...settings(), listId })).id;
});

function settings() {
  return {
    kind: "SMS" as const,
    accountId,
    authorId,
    name: "Reminders",
    templateText: "Habari {{name}}",
    sender: "TUMA",
    scheduledAt: new Date(Date.now() + 3_600_000),
  };
}

const search = (typed: string) => recipientSearchSchema.parse(typed);
const phones = (rows: MessageRow[]) => rows.map((row) => row.phone);

/** Every page of a search, following `next`. */
const allPages = async (id: string, typed: string, limit: number) =>
  (await everyPage((after) => listMessages(id, { search: search(typed), after, limit }))).map((page) => page.rows);

test("each recipient of a list's batch comes with its row, in the list's column order", async () => {
  const page = await listMessages(batchId, { limit: 3 });
  expect(page.rows.map((row) => row.cells)).toEqual([
    ["Wanjirũ Kamau", phoneOf(0), "Nakuru"],
    ["Otieno Ochieng", phoneOf(1), "Nakuru"],
    ["AMINA ÉLODIE", phoneOf(2), "Nakuru"],
  ]);
  const batch = await getBatch(batchId);
  expect(batch?.list).toMatchObject({ columns: ["name", "phone", "clinic"], phoneColumn: "phone" });
  // The batch's live API (app/api/batches/[id]/route.ts) sends exactly this as JSON: no BigInt may be in it.
  expect(JSON.parse(JSON.stringify(serialize(batch)))).toMatchObject({ id: batchId, recipientCount: ROWS });
  const typed = await createBatch({ ...settings(), recipients: [{ phone: "0711000001" }] });
  expect((await listMessages(typed.id)).rows[0]?.cells).toBeNull();
});

test("the search finds a name or a clinic, case and accents ignored, the same before and after the search text is stored", async () => {
  const cases: [string, string[]][] = [
    ["wanjiru", [phoneOf(0)]], // ũ typed as u
    ["WANJIRŨ kam", [phoneOf(0)]],
    ["elodie", [phoneOf(2)]], // É typed as e, upper case stored
    ["ochieng", [phoneOf(1)]],
    ["kisumu", Array.from({ length: ROWS / 10 }, (_, k) => phoneOf(k * 10 + 4))],
    ["Patient 12", [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => phoneOf(120 + n - 10))],
    ["50%", []], // % is a character to find, not a wildcard
    ["nobody here", []],
    ["Kamau Nakuru", []], // a term never spans two cells
  ];
  const answers = async () =>
    Promise.all(
      cases.map(async ([typed]) => phones((await listMessages(batchId, { search: search(typed), limit: 1000 })).rows)),
    );
  // Before: read from the list's rows. The build each search starts is held off by taking its lock here, so these
  // answers cannot come from the index.
  const holder = await pool().connect();
  await holder.query(`SELECT pg_advisory_lock($1, hashtext($2))`, [BUILD_LOCK_SPACE, listId]);
  const before = await answers();
  const { rows: marks } = await pool().query(`SELECT "searchTextAt" FROM "List" WHERE id = $1`, [listId]);
  expect(marks[0].searchTextAt).toBeNull();
  await holder.query(`SELECT pg_advisory_unlock_all()`);
  holder.release();
  await buildSearchText(listId);
  expect(await countRows(`"ListSearchText" WHERE "listId" = $1`, [listId])).toBe(ROWS);
  const after = await answers();
  cases.forEach(([typed, expected], i) => {
    expect(before[i], `before: ${typed}`).toEqual(expected);
    expect(after[i], `after: ${typed}`).toEqual(expected);
  });
  // A phone or a correlator still finds its recipient in a list's batch.
  expect(phones((await listMessages(batchId, { search: search("0720000003") })).rows)).toEqual([phoneOf(3)]);
});

test.each([
  ["its matches' phones", 5_000],
  ["probing each recipient's row", 10],
])("a common term pages through every match in order, the last page short and then none (%s)", async (_, few) => {
  await buildSearchText(listId);
  searchTuning.fewMatches = few;
  onTestFinished(() => {
    searchTuning.fewMatches = 5_000;
  });
  const pages = await allPages(batchId, "patient", 50);
  // Rows 3…129 are "Patient …": 127 matches, pages of 50, 50, 27.
  expect(pages.map((page) => page.length)).toEqual([50, 50, 27]);
  const all = pages.flat();
  expect(phones(all)).toEqual(Array.from({ length: 127 }, (_, k) => phoneOf(k + 3)));
  expect(new Set(all.map((row) => row.id)).size).toBe(127);
  // Exactly a page's worth: the last full page says there may be more, and the next is empty.
  const exact = await allPages(batchId, "kisumu", 13);
  expect(exact.map((page) => page.length)).toEqual([13, 0]);
});

test("a term too short for the index, or a name in a batch of typed numbers, is refused with a sentence", async () => {
  expect(recipientSearchSchema.safeParse("wa").error?.issues[0]?.message).toBe(
    '"wa" is too short: type at least 3 characters of a name or another column, or a whole phone number or correlator.',
  );
  expect(recipientSearchSchema.parse("ũũũ")).toMatchObject({ text: "ũũũ", phone: null, correlator: null });
  // Digits are also a correlator: short ones stay searchable.
  expect(recipientSearchSchema.parse("12")).toMatchObject({ correlator: "12", text: null });
  const typed = await createBatch({ ...settings(), recipients: [{ phone: "0711000002" }] });
  const error = await refusal(listMessages(typed.id, { search: search("wanjiru") }));
  expect(error.message).toBe(
    '"wanjiru" is neither a Kenyan phone number nor a correlator, and this batch was not sent from a list whose columns could be searched.',
  );
});

test.each([
  ["its matches' phones", 5_000],
  ["probing each recipient's row", 10],
])("the CSV export of a search holds exactly its matches (%s)", async (_, few) => {
  // The export's COPY has the search's values written in as literals (lib/db/inline-params.ts): a list of phones, or
  // the term the rows are probed with.
  await buildSearchText(listId);
  searchTuning.fewMatches = few;
  onTestFinished(() => {
    searchTuning.fewMatches = 5_000;
  });
  const batch = (await getBatch(batchId))!;
  const csv = await new Response(reportStream(batch, null, { search: search("kisumu") })).text();
  const exported = csv.trimEnd().split("\r\n").slice(1);
  expect(exported.map((line) => line.split(",")[0])).toEqual(
    Array.from({ length: ROWS / 10 }, (_, k) => phoneOf(k * 10 + 4)),
  );
});

test("both exports carry the list's columns after their own, formulae escaped in the CSV", async () => {
  const batch = (await getBatch(batchId))!;
  const csv = await new Response(reportStream(batch, null)).text();
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(
    "phone,state,delivery_status,correlator,provider_unique_id,operator,sms_units,sent_at,receipt_time,text,error,call_state,reference,metadata,language,name,phone (list),clinic",
  );
  expect(lines[1]).toMatch(
    new RegExp(`^${phoneOf(0)},PENDING,.*,Habari Wanjirũ Kamau,,,,,,Wanjirũ Kamau,${phoneOf(0)},Nakuru$`),
  );
  // The apostrophe before the formula; no quotes, which only a separator, quote or line break needs (COPY writes it:
  // lib/csv/csv-sql.ts).
  expect(lines[6]).toMatch(/,Patient 005,254720000005,'=HYPERLINK\(1\)$/);
  expect(lines.length).toBe(ROWS + 2);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(reportXlsxStream(batch, null)).arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    ...["phone", "state", "delivery_status", "correlator", "provider_unique_id", "operator", "sms_units"],
    ...["sent_at", "receipt_time", "text", "error", "call_state", "reference", "metadata", "language"],
    ...["name", "phone (list)", "clinic"],
  ]);
  const row = sheet.getRow(7);
  expect([row.getCell(16).value, row.getCell(18).value]).toEqual(["Patient 005", "=HYPERLINK(1)"]);
  expect(row.getCell(18).formula).toBeUndefined();
});

test("a resend keeps the list and each recipient's row; deleting the list leaves the batches without columns", async () => {
  await pool().query(
    `UPDATE "Message" SET state = 'FAILED', "failureClass" = 'ABSENT' WHERE "batchId" = $1 AND phone = $2`,
    [batchId, phoneOf(1)],
  );
  const child = await resendBatch(batchId, { temporary: true, permanent: true }, authorId);
  const resent = await listMessages(child.id);
  expect(resent.rows.map((row) => [row.phone, row.cells])).toEqual([
    [phoneOf(1), ["Otieno Ochieng", phoneOf(1), "Nakuru"]],
  ]);
  expect(phones((await listMessages(child.id, { search: search("otieno") })).rows)).toEqual([phoneOf(1)]);

  await removeList(listId, authorId);
  expect(await countRows(`"ListSearchText" WHERE "listId" = $1`, [listId])).toBe(0);
  expect((await getBatch(batchId))?.list).toBeNull();
  expect((await listMessages(batchId, { limit: 1 })).rows[0]?.cells).toBeNull();
});
