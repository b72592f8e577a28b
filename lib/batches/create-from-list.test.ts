// Compose from a saved list against a real database: the plan the operator sees and the batch it creates agree,
// every recipient gets the text rendered from their own row (checked for every row, across the stored slices of
// 2,000, 4,000, 8,000 and 10,000 and the last, short one), and whatever the plan refuses creates nothing.
import { beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { createBatchFromList } from "./create-from-list";
import { cannotBeTooLong, planList } from "./plan-list";
import { rememberSent } from "./duplicate-guard";
import { compileTemplate } from "@/lib/recipients/render-template";

const ROWS = 25_000;
let listId = "";

const phoneOf = (i: number) => `2547${String(10_000_000 + i).padStart(8, "0")}`;
/** Row i's name: empty for every 1,000th row, with a comma, quotes or non-GSM characters now and then. */
const nameOf = (i: number) =>
  i % 1000 === 999 ? "" : i % 7 === 0 ? `Wanjikũ ${i}` : i % 11 === 0 ? `"Otieno, J" ${i}` : `Name ${i}`;
const csvCell = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const authorId = await author();
const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });

beforeAll(async () => {
  const csv = `phone,Name,town\n${Array.from({ length: ROWS }, (_, i) => `${phoneOf(i)},${csvCell(nameOf(i))},Nakuru`).join("\n")}\n`;
  const upload = await uploadFile(authorId, "people.csv", csv, 65_536);
  expect(upload.valid).toBe(ROWS);
  listId = upload.id;
  await db.optOut.create({ data: { phone: phoneOf(3) } });
});

const settings = (templateText: string) => ({
  kind: "SMS" as const,
  accountId,
  authorId,
  name: "From list",
  templateText,
  sender: "TUMA",
  scheduledAt: new Date(Date.now() + 3_600_000),
});

test("the plan renders the first five sent to exactly (not the opted out), counts units over every rendered text sent (not the opted out), the segments per recipient, the empty values and the opted out", async () => {
  const plan = await planList({ listId, templateText: "Habari {{ name }}, karibu {{TOWN}}!", kind: "SMS", accountId });
  expect(plan.unknown).toEqual([]);
  expect(plan.previews.map((p) => p.text)).toEqual([
    "Habari Wanjikũ 0, karibu Nakuru!",
    "Habari Name 1, karibu Nakuru!",
    "Habari Name 2, karibu Nakuru!",
    // Row 5 (Name 3) is opted out: never sent, so never previewed (issue 35).
    "Habari Name 4, karibu Nakuru!",
    "Habari Name 5, karibu Nakuru!",
  ]);
  expect(plan.previews[0]).toMatchObject({
    row: 2,
    phone: phoneOf(0),
    characters: 32,
    encoding: "UCS-2",
    segments: 1,
    ucs2: ["ũ"],
  });
  expect(plan.previews[1]).toMatchObject({ encoding: "GSM-7", ucs2: [] });
  expect(plan.recipients).toBe(ROWS);
  expect(plan.requests).toBe(ROWS / 100);
  expect(plan.units).toBe(ROWS - 1); // every text is one part, GSM-7 or UCS-2; the opted-out one is never sent
  expect(plan.segments).toEqual({ 1: ROWS - 1 });
  expect(plan.emptyRows).toBe(ROWS / 1000);
  expect(plan.emptyByPlaceholder).toEqual({ name: ROWS / 1000 });
  expect(plan.optedOut).toBe(1);
  expect(plan.seconds).toBeCloseTo(ROWS / 100 / (0.95 * 120), 6);
  // Two parts each once the text passes 160 GSM-7 characters.
  const long = await planList({ listId, templateText: `${"x".repeat(160)} {{town}}`, kind: "SMS", accountId });
  expect(long.units).toBe(2 * (ROWS - 1));
  // Personalised lengths differ: a name that pushes a text over 160 characters costs that recipient two.
  const edge = await planList({ listId, templateText: `${"x".repeat(150)} {{name}}`, kind: "SMS", accountId });
  const buckets = Object.entries(edge.segments).map(([k, n]) => [Number(k), n]);
  expect(buckets.map(([k]) => k)).toEqual([1, 2, 3]); // short names, long names, a UCS-2 name (ũ: 67 a part)
  expect(buckets.reduce((sum, [, n]) => sum + n!, 0)).toBe(ROWS - 1);
  expect(buckets.reduce((sum, [k, n]) => sum + k! * n!, 0)).toBe(edge.units);
  // The same text for all: no pass, the same figures.
  const fixed = await planList({ listId, templateText: "Same for all", kind: "SMS", accountId });
  expect(fixed).toMatchObject({ recipients: ROWS, units: ROWS - 1, optedOut: 1, segments: { 1: ROWS - 1 } });
  expect(fixed.previews.map((p) => p.phone)).toEqual([0, 1, 2, 4, 5].map(phoneOf));
});

test("a batch from the list stores every recipient with the text rendered from their own row, the opted-out one SUPPRESSED", async () => {
  const created = await createBatchFromList({ ...settings("Habari {{name}} wa {{town}}"), listId });
  expect(created).toMatchObject({ recipients: ROWS, duplicates: 0, suppressed: 1 });
  const { rows } = await pool().query<{ phone: string; text: string; state: string }>(
    `SELECT phone, text, state::text FROM "Message" WHERE "batchId" = $1 ORDER BY id`,
    [created.id],
  );
  expect(rows).toHaveLength(ROWS);
  rows.forEach((row, i) => {
    expect(row.phone).toBe(phoneOf(i));
    expect(row.text).toBe(`Habari ${nameOf(i)} wa Nakuru`);
  });
  expect(rows.filter((row) => row.state === "SUPPRESSED").map((row) => row.phone)).toEqual([phoneOf(3)]);
  const batch = await db.batch.findUniqueOrThrow({ where: { id: created.id } });
  expect(batch).toMatchObject({ recipientCount: ROWS, storing: false, templateText: "Habari {{name}} wa {{town}}" });
  const chunks = await pool().query<{ n: number; total: number }>(
    `SELECT count(*)::int AS n, sum(size)::int AS total FROM "DispatchChunk" WHERE "batchId" = $1`,
    [created.id],
  );
  expect(chunks.rows[0]).toEqual({ n: expect.any(Number), total: ROWS - 1 });
  expect((await db.list.findUniqueOrThrow({ where: { id: listId } })).batchId).toBe(created.id);
});

test("a template without placeholders stores no per-recipient text", async () => {
  const created = await createBatchFromList({ ...settings("Same for all"), listId });
  const { rows } = await pool().query<{ n: number; texts: number }>(
    `SELECT count(*)::int AS n, count(text)::int AS texts FROM "Message" WHERE "batchId" = $1`,
    [created.id],
  );
  expect(rows[0]).toEqual({ n: ROWS, texts: 0 });
});

test("a placeholder naming no column, or a text too long for one recipient, refuses the batch with the reason and creates nothing", async () => {
  const before = await db.batch.count();
  const unknown = await refusal(
    createBatchFromList({ ...settings("Habari {{first name}} {{name}} {{Balance}}"), listId }),
  );
  expect(unknown.message).toContain("has no column for {{first name}}, {{Balance}}");
  expect(unknown.details?.templateText?.[0]).toContain("{{first name}}");
  const tooLong = await refusal(createBatchFromList({ ...settings(`${"x".repeat(1590)}{{name}}`), listId }));
  // 1,590 + the name: the names longer than 10 characters are too long; row = index + 2 (the header is row 1).
  const names = Array.from({ length: ROWS }, (_, i) => nameOf(i));
  const over = names.filter((name) => name.length > 10).length;
  const firstRow = names.findIndex((name) => name.length > 10) + 2;
  expect(tooLong.message).toContain(
    `${over.toLocaleString("en")} recipient(s) would get a message longer than 1600 characters (the first is row ${firstRow})`,
  );
  const missing = await refusal(
    createBatchFromList({ ...settings("Hi"), listId: "00000000-0000-4000-8000-000000000000" }),
  );
  expect(missing.code).toBe("NOT_FOUND");
  expect(await db.batch.count()).toBe(before);
});

/** A small list of its own: phone, name, note; `rows` as [name, note]. */
async function smallList(rows: [string, string][]): Promise<string> {
  const csv = `phone,name,note\n${rows.map(([name, note], i) => `${phoneOf(i)},${csvCell(name)},${csvCell(note)}`).join("\n")}\n`;
  const upload = await uploadFile(authorId, "small.csv", csv, 65_536);
  return upload.id;
}

test("a text over the limit in UTF-16 but not in characters (emoji) is refused like any other", async () => {
  // 800 emoji are 800 characters to PostgreSQL and 1,600 UTF-16 units to JavaScript and the provider's schema.
  const id = await smallList([
    ["Amina", ""],
    ["😀".repeat(800), ""],
  ]);
  const before = await db.batch.count();
  const tooLong = await refusal(createBatchFromList({ ...settings("Hi {{name}}"), listId: id }));
  expect(tooLong.message).toContain(
    "1 recipient(s) would get a message longer than 1600 characters (the first is row 3)",
  );
  expect(await db.batch.count()).toBe(before);
});

test("a long value in a column the template does not use still proves every text fits without a pass", async () => {
  const id = await smallList([
    ["Amina", "x".repeat(1_700)],
    ["Baraka", ""],
  ]);
  const columns = ["phone", "name", "note"];
  const fits = async (template: string) => cannotBeTooLong(id, compileTemplate(template, columns), template, "SMS");
  expect(await fits("Habari {{name}}")).toBe(true);
  expect(await fits("Habari {{name}} {{name}}")).toBe(true);
  expect(await fits("Habari {{note}}")).toBe(false);
  const created = await createBatchFromList({ ...settings("Habari {{name}}"), listId: id });
  expect(created.recipients).toBe(2);
  const note = await refusal(createBatchFromList({ ...settings("Habari {{note}}"), listId: id }));
  expect(note.message).toContain("1 recipient(s) would get a message longer than 1600 characters (the first is row 2)");
});

test("a plan whose asker went away (the operator typed on) stops reading the list", async () => {
  const asked = new AbortController();
  asked.abort();
  const stopped = await planList(
    { listId, templateText: "Habari {{name}}", kind: "SMS", accountId },
    asked.signal,
  ).then(
    () => null,
    (e: unknown) => e,
  );
  expect(stopped).toBeInstanceOf(Error);
  expect((stopped as Error).name).toBe("AbortError");
});

test("the plan leaves the guard's recipients out of its preview, tagging the first few, and counts their units (issue 35)", async () => {
  // Rows 2 and 3 of the file (phones 0 and 1) were sent these texts a minute ago; row 5 (phone 3) is opted out.
  const sentAt = new Date(Date.now() - 60_000);
  const batchId = "00000000-0000-4000-8000-000000000035";
  const template =
    "Recent {{name}} {{name}} {{name}} {{name}} {{name}} {{name}} {{name}} {{name}} {{name}} {{name}} {{name}} {{name}}";
  const rendered = (i: number) => template.replaceAll("{{name}}", nameOf(i));
  await rememberSent(
    pool(),
    batchId,
    [phoneOf(0), phoneOf(1), phoneOf(3)],
    [rendered(0), rendered(1), rendered(3)],
    sentAt,
  );
  const plan = await planList({ listId, templateText: template, kind: "SMS", accountId });
  // The opted-out row is neither previewed nor among the guard's: it is never sent either way.
  expect(plan.recentlySent).toEqual({ recipients: 2, units: 3, segments: { 1: 1, 2: 1 } });
  expect(plan.previews.map((p) => [p.phone, p.recent ?? false])).toEqual([
    [phoneOf(0), true],
    [phoneOf(1), true],
    [phoneOf(2), false],
    [phoneOf(4), false],
    [phoneOf(5), false],
    [phoneOf(6), false],
    [phoneOf(7), false],
  ]);
  // The same text for everyone: read past the guard's and the opted out to the first five who will get it.
  await rememberSent(pool(), batchId, [phoneOf(0), phoneOf(2)], ["Recent, the same", "Recent, the same"], sentAt);
  const fixed = await planList({ listId, templateText: "Recent, the same", kind: "SMS", accountId });
  expect(fixed.recentlySent).toEqual({ recipients: 2, units: 2, segments: { 1: 2 } });
  expect(fixed.previews.filter((p) => !p.recent).map((p) => p.phone)).toEqual([1, 4, 5, 6, 7].map(phoneOf));
  expect(fixed).toMatchObject({ recipients: ROWS, optedOut: 1, units: ROWS - 1 });
});
