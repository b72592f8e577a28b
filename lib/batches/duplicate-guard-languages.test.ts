// The duplicate-send guard for a list sent in several languages (issue 39, list-duplicates-in-languages.ts), against a
// real database: each recipient is compared on the text they would get in their own language — a recipient sent the
// Kiswahili text is caught by a new batch with the same Kiswahili text, and not by one whose Kiswahili text differs
// while the default text is the same — and the batch Compose sends leaves out exactly those the guard found.
import { beforeAll, expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { duplicatesQuerySchema } from "./compose-schema";
import { createBatchFromList } from "./create-from-list";
import { answerDuplicates, findDuplicates } from "./find-duplicates";

const HOUR = 3_600_000;
// Rows 2 and 3 (the file's lines: 1 is its header) read Kiswahili (two spellings), 4 and 5 the default (English,
// and a blank).
const ROWS: [string, string, string][] = [
  ["254781000001", "Amina", "sw"],
  ["254781000002", "Baraka", "Kiswahili"],
  ["254781000003", "Chebet", "en"],
  ["254781000004", "Daudi", ""],
];
const DEFAULT_TEXT = "Hello {{name}}, your visit is tomorrow."; // personalised: rendered and hashed by PostgreSQL
const SWAHILI = "Habari! Ziara yako ni kesho."; // the same for everyone: the few numbers sent it, joined to the list
let listId = "";

const languages = (sw: string) => ({
  variants: [{ language: "sw", text: sw }],
  languageColumn: "language",
});

const send = (templateText: string, sw: string, extra: Record<string, unknown> = {}) =>
  createBatchFromList(
    {
      kind: "SMS",
      accountId,
      authorId,
      name: "lugha",
      templateText,
      sender: "TUMA",
      scheduledAt: new Date(Date.now() + HOUR),
      listId,
      ...languages(sw),
      ...extra,
    },
    { guardDuplicates: true },
  );

const foundRows = async (templateText: string, sw: string) =>
  (await findDuplicates({ templateText, listId, ...languages(sw) })).recipients.map((r) => r.row);

const authorId = await author();
const accountId = await account();

beforeAll(async () => {
  const csv = `phone,name,language\n${ROWS.map((row) => row.join(",")).join("\n")}\n`;
  const upload = await uploadFile(authorId, "lugha.csv", csv, 4096);
  listId = upload.id;
  // Yesterday's batch, as the guard remembers it: each recipient sent their own language's text.
  const first = await send(DEFAULT_TEXT, SWAHILI);
  expect(first).toMatchObject({ recipients: 4, resent: { found: 0, excluded: 0 } });
  const { rows } = await pool().query<{ phone: string; language: string | null }>(
    `SELECT phone, language FROM "Message" WHERE "batchId" = $1 ORDER BY phone`,
    [first.id],
  );
  expect(rows.map((r) => r.language)).toEqual(["sw", "sw", null, null]);
});

test("each recipient is compared on their own language's text", async () => {
  // The same texts: everyone had theirs.
  expect(await foundRows(DEFAULT_TEXT, SWAHILI)).toEqual([2, 3, 4, 5]);
  // The Kiswahili text differs, the default is the same: only the default's recipients had theirs.
  expect(await foundRows(DEFAULT_TEXT, "Habari! Ziara yako imesogezwa hadi Ijumaa.")).toEqual([4, 5]);
  // The default differs, the Kiswahili is the same: only the Kiswahili recipients had theirs.
  expect(await foundRows("Hello {{name}}, your visit moved to Friday.", SWAHILI)).toEqual([2, 3]);
  // The texts swapped: nobody got the Kiswahili text as their default, nor the default as their Kiswahili.
  expect(await foundRows(SWAHILI, DEFAULT_TEXT)).toEqual([]);
  // A mapping that sends "en" the Kiswahili text: row 4 is now compared on the Kiswahili text, which it never got.
  const mapped = await findDuplicates({
    templateText: DEFAULT_TEXT,
    listId,
    ...languages(SWAHILI),
    languageMapping: { en: "sw" },
  });
  expect(mapped.recipients.map((r) => r.row)).toEqual([2, 3, 5]);
});

test("Compose's question carries the languages, and its answer counts the recipients found", async () => {
  const body = duplicatesQuerySchema.parse({
    templateText: DEFAULT_TEXT,
    listId,
    variants: [{ language: "Kiswahili", text: "Habari! Ziara yako imesogezwa hadi Ijumaa." }],
    languageColumn: "language",
    languageMapping: {},
  });
  expect(body.variants).toEqual([{ language: "sw", text: "Habari! Ziara yako imesogezwa hadi Ijumaa." }]);
  const answer = await answerDuplicates(await findDuplicates(body));
  expect(answer).toMatchObject({ windowHours: 24, recipients: 2, phones: [] });
  expect(duplicatesQuerySchema.safeParse({ templateText: "x", phones: [], variants: body.variants }).success).toBe(
    false,
  );
});

test("a batch in languages leaves out those who had their text, unless the operator includes them", async () => {
  const newSwahili = "Habari! Kliniki imefungwa leo.";
  const sent = await send(DEFAULT_TEXT, newSwahili);
  expect(sent).toMatchObject({ recipients: 2, resent: { found: 2, excluded: 2 } });
  const { rows } = await pool().query<{ phone: string; language: string | null; text: string | null }>(
    `SELECT phone, language, text FROM "Message" WHERE "batchId" = $1 ORDER BY phone`,
    [sent.id],
  );
  expect(rows).toEqual([
    { phone: ROWS[0]![0], language: "sw", text: newSwahili },
    { phone: ROWS[1]![0], language: "sw", text: newSwahili },
  ]);
  // Everyone had their text now: nothing to send, unless included with a reason.
  const nothing = await refusal(send(DEFAULT_TEXT, newSwahili));
  expect(nothing.message).toMatch(/^All 4 recipient\(s\) were sent this text recently: nothing to send\./);
  const included = await send(DEFAULT_TEXT, newSwahili, {
    includeDuplicates: true,
    duplicateReason: "The clinic asked for a reminder",
  });
  expect(included).toMatchObject({ recipients: 4, resent: { found: 4, excluded: 0 } });
});
