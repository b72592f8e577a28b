// Compose's planner for a list in several languages (plan-languages.ts) against a real database: 12,000 rows, so the
// pass reads a full slice of 10,000 and a short last one. The language column's values are counted (trimmed, blank
// as ""), each with the text it gets; the operator's mapping changes a value's text; the figures per language count
// only those sent (an opted-out number is not); the preview shows the first two of each language in row order; more
// than 50 distinct values are counted together; a variant's placeholder naming no column and a variant too long for
// some row are refused with the variant's field.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { planLanguages } from "./plan-languages";
import { countOverColumn, listLanguages, passOverList } from "./list-languages";
import { getList } from "@/lib/lists/find-lists";

const ROWS = 12_000;
const VALUES = ["sw", " SW ", "Kiswahili", "en", "", "Klingon"];
const phoneOf = (i: number) => `2547${String(30_000_000 + i).padStart(8, "0")}`;

async function upload(csv: string, filename: string): Promise<string> {
  const list = await uploadFile(await author(), filename, csv, 65_536);
  return list.id;
}

const rows = Array.from({ length: ROWS }, (_, i) => `${phoneOf(i)},Name ${i},${VALUES[i % VALUES.length]}`);
const listId = await upload(`phone,name,language\n${rows.join("\n")}\n`, "languages.csv");
// Row 2 (the first recipient, "sw") is opted out: counted in its value, never sent nor previewed.
await db.optOut.create({ data: { phone: phoneOf(0) } });
const many = Array.from({ length: 120 }, (_, i) => `${phoneOf(50_000 + i)},x,value ${i % 60}`);
const manyValuesId = await upload(`phone,name,lugha\n${many.join("\n")}\n`, "many-values.csv");

const question = (extra: Partial<Parameters<typeof planLanguages>[0]> = {}) => ({
  listId,
  kind: "SMS" as const,
  templateText: "Hello {{name}}",
  variants: [{ language: "sw", text: "Habari {{name}}" }],
  languageColumn: "language",
  languageMapping: undefined,
  ...extra,
});

test("each value is counted with the text it gets; the figures and the preview are per language, the opted out left out", async () => {
  const plan = await planLanguages(question());
  const sixth = ROWS / VALUES.length;
  expect(plan.values).toEqual(
    expect.arrayContaining([
      { value: "sw", rows: sixth, language: "sw" },
      { value: "SW", rows: sixth, language: "sw" },
      { value: "Kiswahili", rows: sixth, language: "sw" },
      { value: "en", rows: sixth, language: null },
      { value: "", rows: sixth, language: null },
      { value: "Klingon", rows: sixth, language: null },
    ]),
  );
  expect(plan.values).toHaveLength(6);
  expect(plan.valuesOther).toBe(0);
  expect(plan.plans.map(({ language, recipients, units }) => ({ language, recipients, units }))).toEqual([
    { language: null, recipients: 3 * sixth, units: 3 * sixth },
    { language: "sw", recipients: 3 * sixth - 1, units: 3 * sixth - 1 },
  ]);
  expect(plan.recipients).toBe(ROWS - 1);
  expect(plan.previews).toEqual([
    { language: "sw", row: 3, phone: phoneOf(1), text: "Habari Name 1" },
    { language: "sw", row: 4, phone: phoneOf(2), text: "Habari Name 2" },
    { language: null, row: 5, phone: phoneOf(3), text: "Hello Name 3" },
    { language: null, row: 6, phone: phoneOf(4), text: "Hello Name 4" },
  ]);
});

test("the operator's mapping gives a value another text; a value mapped to the default gets it", async () => {
  const plan = await planLanguages(question({ languageMapping: { Klingon: "sw", Kiswahili: "" } }));
  expect(plan.values.find((v) => v.value === "Klingon")?.language).toBe("sw");
  expect(plan.values.find((v) => v.value === "Kiswahili")?.language).toBe(null);
  const sixth = ROWS / VALUES.length;
  expect(plan.plans.map((p) => p.recipients)).toEqual([3 * sixth, 3 * sixth - 1]);
});

test("beyond the 50 most frequent values, the rest are counted together", async () => {
  const plan = await planLanguages(question({ listId: manyValuesId, languageColumn: "lugha", templateText: "Hello" }));
  expect(plan.values).toHaveLength(50);
  expect(plan.values.every((v) => v.rows === 2 && v.language === null)).toBe(true);
  expect(plan.valuesOther).toBe(20);
});

test("a variant naming no column, a variant too long for some row, and an unknown column are refused by field", async () => {
  const unknown = await refusal(planLanguages(question({ variants: [{ language: "sw", text: "Habari {{jina}}" }] })));
  expect(Object.keys(unknown.details ?? {})).toEqual(["variants.0.text"]);
  expect(unknown.message).toContain("{{jina}}");
  const long = `Habari {{name}} ${"a".repeat(1_590)}`;
  const tooLong = await refusal(planLanguages(question({ variants: [{ language: "sw", text: long }] })));
  expect(Object.keys(tooLong.details ?? {})).toEqual(["variants.0.text"]);
  expect(tooLong.message).toMatch(/^6,000 recipient\(s\) would get a message longer than 1600 characters/);
  const column = await refusal(planLanguages(question({ languageColumn: "lang" })));
  expect(Object.keys(column.details ?? {})).toEqual(["languageColumn"]);
});

test("for a batch that only needs counting, one aggregate over the column counts what the pass counts", async () => {
  const list = (await getList(listId))!;
  const variants = [{ language: "sw", text: "Habari {{name}}" }];
  const languages = listLanguages(
    list.columns,
    { languageColumn: "language", languageMapping: { Klingon: "sw" } },
    "Hello {{name}}",
    variants,
  );
  const pass = await passOverList(listId, "SMS", "Hello {{name}}", variants, languages);
  const counted = (await countOverColumn(listId, "SMS", "Hello {{name}}", variants, languages))!;
  expect(counted.plans.map(({ language, recipients, units }) => ({ language, recipients, units }))).toEqual(
    pass.plans.map(({ language, recipients, units }) => ({ language, recipients, units })),
  );
  const byValue = (values: { value: string; rows: number; language: string | null }[]) =>
    [...values].sort((a, b) => (a.value < b.value ? -1 : 1));
  expect(byValue(counted.values)).toEqual(byValue(pass.values));
  expect(counted.recipients).toBe(pass.recipients);
});
