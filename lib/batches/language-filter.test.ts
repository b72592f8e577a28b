// A batch's recipients in one language (issue 39): the page, the export and the API's query parameter show only those
// sent one variant (or the default text), through the partial index of migration message_language.
import Papa from "papaparse";
import { expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { heldBatch } from "@/test/small-batch";
import { reportStream } from "./export-report";
import { languageCount } from "./language-count";
import { languageChoices, languageFilterSchema } from "./language-filter";
import { listMessages } from "./list-messages";
import { planText } from "@/test/plans";
import { everyPage } from "@/test/every-page";

const COUNT = 30;
const isSwahili = (i: number) => i % 3 === 0; // 10 in Kiswahili, 20 the default
const phoneOf = (i: number) => `2547${String(20_000_000 + i).slice(-8)}`;

const accountId = await account();
const recipients = Array.from({ length: COUNT }, (_, i) => ({
  phone: phoneOf(i),
  language: isSwahili(i) ? "sw" : null,
}));
const batchId = await heldBatch(accountId, "Lugha", recipients, {
  templateText: "Hello",
  variants: [{ language: "sw", text: "Habari" }],
});

const allPages = async (options: Parameters<typeof listMessages>[1], limit: number) =>
  (await everyPage((after) => listMessages(batchId, { ...options, after, limit }))).flatMap((page) => page.rows);

test("a language shows only its recipients, page after page; the default shows those sent the default text", async () => {
  const swahili = Array.from({ length: COUNT }, (_, i) => i).filter(isSwahili);
  for (const limit of [1, 3, 50]) {
    const sw = await allPages({ language: "sw" }, limit);
    expect(sw.map((r) => r.phone)).toEqual(swahili.map(phoneOf));
    expect(sw.every((r) => r.language === "sw")).toBe(true);
    const fallback = await allPages({ language: "default" }, limit);
    expect(fallback).toHaveLength(COUNT - swahili.length);
    expect(fallback.every((r) => r.language === null)).toBe(true);
  }
  // A known language the batch has no variant in: nobody got it.
  expect((await listMessages(batchId, { language: "ki" })).rows).toEqual([]);
  // The count said beside the choice.
  expect(await languageCount(batchId, "sw")).toBe(swahili.length);
  expect(await languageCount(batchId, "default")).toBe(COUNT - swahili.length);
  expect(await languageCount(batchId, "ki")).toBe(0);
  // With a state (a rare one is read through MessageRareState) and with a search.
  await pool().query(`UPDATE "Message" SET state = 'REJECTED' WHERE "batchId" = $1 AND phone = ANY($2)`, [
    batchId,
    [phoneOf(0), phoneOf(1)],
  ]);
  expect((await listMessages(batchId, { filter: "REJECTED", language: "sw" })).rows.map((r) => r.phone)).toEqual([
    phoneOf(0),
  ]);
  expect((await listMessages(batchId, { filter: "REJECTED", language: "default" })).rows.map((r) => r.phone)).toEqual([
    phoneOf(1),
  ]);
  expect((await listMessages(batchId, { filter: "PENDING", language: "sw" })).rows).toHaveLength(swahili.length - 1);
  const search = { phone: phoneOf(3), correlator: null, text: null };
  expect((await listMessages(batchId, { search, language: "sw" })).rows.map((r) => r.phone)).toEqual([phoneOf(3)]);
  expect((await listMessages(batchId, { search, language: "default" })).rows).toEqual([]);
});

test("the filtered export holds exactly that language's recipients", async () => {
  const csv = await new Response(reportStream({ id: batchId, templateText: "Hello" }, null, { language: "sw" })).text();
  const [header, ...rows] = Papa.parse<string[]>(csv.trimEnd()).data;
  const [phoneAt, languageAt] = [header!.indexOf("phone"), header!.indexOf("language")];
  expect(rows).toHaveLength(COUNT / 3);
  expect(new Set(rows.map((row) => row[languageAt]))).toEqual(new Set(["sw"]));
  expect(rows.map((row) => row[phoneAt])).toEqual(
    Array.from({ length: COUNT }, (_, i) => i)
      .filter(isSwahili)
      .map(phoneOf),
  );
});

test("a variant's page is read through the partial index (batchId, language, id)", async () => {
  await pool().query(`ANALYZE "Message"`);
  const client = await pool().connect();
  try {
    // As the planner would for a big batch whose Kiswahili recipients are few: the index, not a walk and a filter.
    await client.query(`SET enable_seqscan = off`);
    const plan = await planText(
      `SELECT m.id FROM "Message" m WHERE m."batchId" = $1 AND m.id > 0 AND m.language = $2 ORDER BY m.id LIMIT 50`,
      [batchId, "sw"],
      client,
    );
    expect(plan).toMatch(/batchId_language_id_idx/);
  } finally {
    await client.query(`RESET enable_seqscan`);
    client.release();
  }
});

test("the filter's value is default or a code Tuma knows; the choices are offered only for a batch with variants", () => {
  expect(languageFilterSchema.parse("sw")).toBe("sw");
  expect(languageFilterSchema.parse("default")).toBe("default");
  const refused = languageFilterSchema.safeParse("Kiswahili");
  expect(refused.error?.issues[0]).toMatchObject({ params: { fieldCode: "unknown_language" } });
  expect(refused.error?.issues[0]?.message).toMatch(/^“Kiswahili” is not a language code Tuma knows: give default or/);
  expect(languageChoices(null)).toEqual([]);
  expect(languageChoices([])).toEqual([]);
  expect(languageChoices([{ language: "sw", text: "Habari" }])).toEqual([
    { value: "default", label: "Default text" },
    { value: "sw", label: "Kiswahili (sw)" },
  ]);
});
