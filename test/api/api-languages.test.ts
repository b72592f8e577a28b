// Each person in their own language (issue 39), end to end through the real parts: POST /api/v1/batches with a
// default text and variants, 1,000 recipients whose `language` is written every way a list writes it (sw, SW,
// Kiswahili, swahili, en, English, blank), stored, dispatched by a real worker to the sandbox over HTTP — and every
// text the sandbox accepted is the one of its recipient's language; for voice, each request object carries its
// variant's voice language. Then the message resource, the CSV export and the per-language report say the same,
// and a language Tuma does not know is refused with its path and code.
import { afterEach, beforeAll, expect, test } from "vitest";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { GET as exportBatch } from "@/app/api/v1/batches/[id]/export/route";
import { GET as batchMessages } from "@/app/api/v1/batches/[id]/messages/route";
import { GET as readBatch } from "@/app/api/v1/batches/[id]/route";
import { db } from "@/lib/db/client";
import { setVoiceLanguage } from "@/lib/accounts/voice-language";
import { startWorker, type WorkerHandle } from "@/lib/dispatch/worker";
import { outcomesByLanguage } from "@/lib/reports/by-language";
import Papa from "papaparse";
import { batchRow, batchWhen, type Harness, phones, startHarness, UNHURRIED_REQUEST_MS } from "@/test/dispatch-harness";
import { author, uploadFile } from "@/test/upload-helpers";
import { call, keyFor } from "./api-client";

let h: Harness | undefined;
let worker: WorkerHandle | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await h?.close();
  h = undefined;
});

/** How the recipients write their language, in turn; undefined: none given. */
const WRITTEN = ["sw", "Kiswahili", "en", "English", undefined, "SW", "swahili", " english "];
const CODE: Record<string, string | null> = { sw: "sw", kiswahili: "sw", swahili: "sw", en: "en", english: "en" };
const codeOf = (written: string | undefined) => (written ? (CODE[written.trim().toLowerCase()] ?? null) : null);

const TEXTS = {
  default: "Salamu {{name}} / Greetings {{name}}: clinic tomorrow 9:00.",
  sw: "Habari {{name}}, kliniki ni kesho saa tatu asubuhi.",
  en: "Hello {{name}}, the clinic is tomorrow at 9:00.",
};
const rendered = (code: string | null, name: string) =>
  TEXTS[(code ?? "default") as keyof typeof TEXTS].replaceAll("{{name}}", name);

/** The harness's account with its sender set up, as Settings would. */
async function harness(knobs: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  const started = await startHarness(knobs);
  await db.providerAccount.update({ where: { id: started.accountId }, data: { senders: ["TUMA"] } });
  return started;
}

async function sendThroughApi(key: string, body: Record<string, unknown>, count: number) {
  const numbers = phones(count, 420_000);
  const recipients = numbers.map((phone, i) => ({
    phone,
    fields: { name: `P${i}` },
    ...(WRITTEN[i % WRITTEN.length] === undefined ? {} : { language: WRITTEN[i % WRITTEN.length] }),
  }));
  const answer = await call(createBatch, {
    key,
    path: "/batches",
    body: {
      accountId: h!.accountId,
      templateText: TEXTS.default,
      variants: [
        { language: "Kiswahili", text: TEXTS.sw },
        { language: "en", text: TEXTS.en },
      ],
      recipients,
      ...body,
    },
  });
  expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  const expected = new Map(numbers.map((phone, i) => [phone, { i, code: codeOf(WRITTEN[i % WRITTEN.length]) }]));
  return { id, expected };
}

let key = "";
beforeAll(async () => {
  const operator = await db.user.create({
    data: { email: "languages@api.test", name: "Languages", role: "OPERATOR", passwordHash: "x" },
  });
  key = await keyFor(operator.id, ["send", "read"]);
});

test("1,000 SMS recipients each get the text of their language, however it was written; everything says which", async () => {
  h = await harness({ knobs: { receiptDelayMs: [0, 5] } });
  worker = await startWorker({ receiptBaseUrl: h.receiptBaseUrl, lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id, expected } = await sendThroughApi(key, { name: "languages-sms" }, 1_000);
  await batchWhen(id, (b) => b.state === "COMPLETED", 120_000, "the SMS batch sent");

  // What the provider was sent: every recipient once, in their language (blank and unknown: the default).
  const accepted = (await h.accepted()).filter((m) => m.kind === "sms");
  expect(accepted).toHaveLength(1_000);
  for (const message of accepted) {
    const want = expected.get(message.normalizedPhone)!;
    expect(message.message, message.normalizedPhone).toBe(rendered(want.code, `P${want.i}`));
  }
  const counts = { sw: 0, en: 0, default: 0 };
  for (const { code } of expected.values()) counts[(code ?? "default") as keyof typeof counts]++;
  expect(counts).toEqual({ sw: 500, en: 375, default: 125 });

  // Stored: each message's language; the batch keeps its variants (codes, whatever spelling was given).
  const stored = await db.message.groupBy({ by: ["language"], where: { batchId: id }, _count: true });
  expect(Object.fromEntries(stored.map((row) => [String(row.language), row._count]))).toEqual({
    sw: 500,
    en: 375,
    null: 125,
  });
  expect((await batchRow(id)).variants).toEqual([
    { language: "sw", text: TEXTS.sw, escalationText: null },
    { language: "en", text: TEXTS.en, escalationText: null },
  ]);

  // The API's batch resource shows the variants; its message resource carries each recipient's language.
  const read = await call(readBatch, { key, params: { id }, path: `/batches/${id}` });
  expect(((await read.json()) as { variants: unknown }).variants).toEqual([
    { language: "sw", text: TEXTS.sw, escalationText: null },
    { language: "en", text: TEXTS.en, escalationText: null },
  ]);
  const page = await call(batchMessages, { key, params: { id }, path: `/batches/${id}/messages?limit=8` });
  const { data } = (await page.json()) as { data: { phone: string; language: string | null; text: string }[] };
  expect(data).toHaveLength(8);
  for (const message of data) {
    const want = expected.get(message.phone)!;
    expect(message.language).toBe(want.code);
    expect(message.text).toBe(rendered(want.code, `P${want.i}`));
  }

  // The export carries a language column.
  const csv = await (await call(exportBatch, { key, params: { id }, path: `/batches/${id}/export` })).text();
  const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\ufeff/, "").trimEnd(), { newline: "\r\n" }).data;
  const phoneAt = header!.indexOf("phone");
  const languageAt = header!.indexOf("language");
  expect(languageAt).toBeGreaterThan(-1);
  expect(lines).toHaveLength(1_000);
  for (const line of lines) expect(line[languageAt] || null).toBe(expected.get(line[phoneAt]!)!.code);

  // One language's recipients (`language=`): a page of them, and the export of them alone.
  for (const [language, code] of [
    ["en", "en"],
    ["default", null],
  ] as const) {
    const path = `/batches/${id}/messages?language=${language}&limit=20`;
    const answer = await call(batchMessages, { key, params: { id }, path });
    const filtered = (await answer.json()) as { data: { language: string | null }[] };
    expect(filtered.data).toHaveLength(20);
    expect(new Set(filtered.data.map((m) => m.language))).toEqual(new Set([code]));
  }
  const swCsv = await (
    await call(exportBatch, { key, params: { id }, path: `/batches/${id}/export?language=sw` })
  ).text();
  const [, ...swLines] = Papa.parse<string[]>(swCsv.replace(/^\ufeff/, "").trimEnd(), { newline: "\r\n" }).data;
  expect(swLines).toHaveLength(500);
  expect(new Set(swLines.map((line) => line[languageAt]))).toEqual(new Set(["sw"]));
  // A filter takes a code as stored: a name is refused with its code, not guessed.
  const named = await call(batchMessages, { key, params: { id }, path: `/batches/${id}/messages?language=Kiswahili` });
  expect(named.status).toBe(400);
  expect(await named.json()).toMatchObject({
    code: "validation_failed",
    errors: [{ path: "language", code: "unknown_language" }],
  });

  // The report's breakdown per language agrees with a count of the messages themselves, once every receipt is in.
  await batchWhen(id, (b) => b.queuedCount === 0, 60_000, "every receipt applied");
  const report = await outcomesByLanguage(id);
  const truth = await db.message.groupBy({ by: ["language", "state"], where: { batchId: id }, _count: true });
  for (const row of report!) {
    const mine = truth.filter((t) => t.language === row.language);
    const sum = (states: string[]) =>
      mine.filter((t) => states.includes(t.state)).reduce((total, t) => total + t._count, 0);
    expect(row.recipients).toBe(mine.reduce((total, t) => total + t._count, 0));
    expect(row.delivered).toBe(sum(["DELIVERED", "ANSWERED"]));
    expect(row.failed).toBe(sum(["FAILED", "REJECTED"]));
  }
  expect(report!.map((row) => [row.language, row.recipients])).toEqual([
    [null, 125],
    ["sw", 500],
    ["en", 375],
  ]);
});

test("voice: each recipient is called in their variant's text with its voice language in the request", async () => {
  h = await harness({ knobs: { receiptDelayMs: [0, 5], voiceLanguageField: "lang", voiceLanguages: ["en-KE", "sw"] } });
  const admin = await db.user.create({
    data: { email: "languages-admin@api.test", name: "Admin", role: "ADMIN", passwordHash: "x" },
  });
  await setVoiceLanguage({ accountId: h.accountId, setting: { field: "lang", languages: ["en-KE", "sw"] } }, admin.id);
  worker = await startWorker({ receiptBaseUrl: h.receiptBaseUrl, lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id, expected } = await sendThroughApi(
    key,
    {
      name: "languages-voice",
      kind: "VOICE",
      language: "en-KE",
      // sw: its own code, which the account allows; en: the account spells it en-KE.
      variants: [
        { language: "Kiswahili", text: TEXTS.sw },
        { language: "English", text: TEXTS.en, voiceLanguage: "en-KE" },
      ],
    },
    400,
  );
  await batchWhen(id, (b) => b.state === "COMPLETED", 120_000, "the voice batch sent");
  const accepted = (await h.accepted()).filter((m) => m.kind === "voice");
  expect(accepted).toHaveLength(400);
  const voiceOf: Record<string, string> = { sw: "sw", en: "en-KE", default: "en-KE" };
  for (const message of accepted) {
    const want = expected.get(message.normalizedPhone)!;
    expect(message.message).toBe(rendered(want.code, `P${want.i}`));
    expect(message.language, message.normalizedPhone).toBe(voiceOf[want.code ?? "default"]);
  }
  expect((await batchRow(id)).variants).toEqual([
    { language: "sw", text: TEXTS.sw, voiceLanguage: "sw" },
    { language: "en", text: TEXTS.en, voiceLanguage: "en-KE" },
  ]);
});

test("a language Tuma does not know, a language twice and a variant's unknown placeholder are refused by path", async () => {
  h = await harness({ knobs: { receipts: false } });
  const refused = async (body: Record<string, unknown>) => {
    const answer = await call(createBatch, {
      key,
      path: "/batches",
      body: { accountId: h!.accountId, templateText: "Hi {{name}}", name: "refused-language", ...body },
    });
    expect(answer.status).toBe(400);
    return ((await answer.json()) as { errors: { path: string; code: string; message: string }[] }).errors;
  };
  const person = (language?: string) => ({
    phone: "0712000001",
    fields: { name: "A" },
    ...(language ? { language } : {}),
  });
  expect(await refused({ recipients: [person("sw"), person("Klingon")] })).toEqual([
    expect.objectContaining({ path: "recipients[1].language", code: "unknown_language" }),
  ]);
  expect(await refused({ recipients: [person()], variants: [{ language: "xx", text: "Hi" }] })).toEqual([
    expect.objectContaining({ path: "variants[0].language", code: "unknown_language" }),
  ]);
  const twice = await refused({
    recipients: [person()],
    variants: [
      { language: "sw", text: "Habari" },
      { language: "Kiswahili", text: "Habari" },
    ],
  });
  expect(twice).toEqual([expect.objectContaining({ path: "variants[1].language", code: "invalid" })]);
  const placeholder = await refused({
    recipients: [person("sw")],
    variants: [{ language: "sw", text: "Habari {{jina}}" }],
  });
  expect(placeholder).toEqual([expect.objectContaining({ path: "variants[0].text", code: "unknown_placeholder" })]);
  expect(placeholder[0]!.message).toContain("{{jina}}");
  expect(await db.batch.count({ where: { name: "refused-language" } })).toBe(0);
});

test("a list of 1,000 with a language column: each row gets its language's text, unknown and blank values the default, counted", async () => {
  h = await harness({ knobs: { receiptDelayMs: [0, 5] } });
  worker = await startWorker({ receiptBaseUrl: h.receiptBaseUrl, lanes: 4, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  // The column as people fill it in: codes, names in any case, blanks, a value only the mapping knows, and nonsense.
  const VALUES = ["sw", "Kiswahili", "en", "English", "", "SW", "Kisw", "Klingon"];
  const CODES = ["sw", "sw", "en", "en", null, "sw", "sw", null];
  const numbers = phones(1_000, 520_000);
  const csv = `phone,name,Language\n${numbers.map((phone, i) => `${phone},P${i},${VALUES[i % 8]}`).join("\n")}\n`;
  const list = await uploadFile(await author(), "patients.csv", csv, 4096);
  const answer = await call(createBatch, {
    key,
    path: "/batches",
    body: {
      accountId: h.accountId,
      name: "languages-list",
      listId: list.id,
      languageColumn: "language",
      languageMapping: { Kisw: "Kiswahili" },
      templateText: TEXTS.default,
      variants: [
        { language: "sw", text: TEXTS.sw },
        { language: "English", text: TEXTS.en },
      ],
    },
  });
  expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  await batchWhen(id, (b) => b.state === "COMPLETED", 120_000, "the list batch sent");
  const accepted = (await h.accepted()).filter((m) => m.kind === "sms");
  expect(accepted).toHaveLength(1_000);
  const row = new Map(numbers.map((phone, i) => [phone, i]));
  for (const message of accepted) {
    const i = row.get(message.normalizedPhone)!;
    expect(message.message, `row ${i}`).toBe(rendered(CODES[i % 8]!, `P${i}`));
  }
  // The counts per language, and the values that went to the default, are in the batch's audit event.
  const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "batch.create", targetId: id } });
  expect(audit.detail).toMatchObject({
    languages: { default: 250, sw: 500, en: 250 },
    unmappedLanguages: [
      { value: "", rows: 125 },
      { value: "Klingon", rows: 125 },
    ],
    unmappedOther: 0,
  });
});

test("a list batch's language column must exist, and its mapping name languages", async () => {
  h = await harness({ knobs: { receipts: false } });
  const list = await uploadFile(await author(), "one.csv", "phone,lang\n0712000001,sw\n", 4096);
  const refused = async (extra: Record<string, unknown>) => {
    const answer = await call(createBatch, {
      key,
      path: "/batches",
      body: {
        accountId: h!.accountId,
        name: "refused-list-language",
        listId: list.id,
        templateText: "Hi",
        variants: [{ language: "sw", text: "Habari" }],
        ...extra,
      },
    });
    expect(answer.status).toBe(400);
    return ((await answer.json()) as { errors: { path: string }[] }).errors.map((e) => e.path);
  };
  expect(await refused({})).toEqual(["languageColumn"]);
  expect(await refused({ languageColumn: "language" })).toEqual(["languageColumn"]);
  expect(await refused({ languageColumn: "lang", languageMapping: { sw: "Elvish" } })).toEqual(["languageMapping.sw"]);
  expect(await db.batch.count({ where: { name: "refused-list-language" } })).toBe(0);
});
