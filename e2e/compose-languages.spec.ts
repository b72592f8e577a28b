// Each person in their own language, through the browser (issue 39, docs/languages.md). An SMS batch: a 1,000-row list
// whose `language` column holds sw, Kiswahili, en, English and blanks; a Kiswahili text beside the default; the
// column's values shown with their counts and confirmed; the plan and the review per language; sent; every recipient's
// text in the sandbox's own log matches their language, and the export carries it. Then a voice batch on an account of
// this spec's own (so the shared account's requests stay as other specs expect) whose voice language field is set:
// each call carries its recipient's language and text.
import fs from "node:fs";
import Papa from "papaparse";
import type { Page } from "@playwright/test";
import type pg from "pg";
import { formatCount } from "@/lib/numbers/format";
import { expect, test } from "./fixtures";

const ROWS = 1_000;
const VALUES = ["sw", "Kiswahili", "en", "English", ""];
// 0797 numbers no other spec uses; `tag` (two digits) keeps this spec's two tests and any rerun apart.
const phoneOf = (tag: number, i: number) => `0797${String(tag).padStart(2, "0")}${String(i).padStart(4, "0")}`;
const storedOf = (tag: number, i: number) => `254${phoneOf(tag, i).slice(1)}`;
const isSwahili = (i: number) => i % VALUES.length < 2;

type SandboxMessage = { normalizedPhone: string; message: string; kind: string; language?: string };

const sandboxHeaders = { authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN ?? ""}` };

async function sandboxOrigin(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ baseUrl: string }>(
    `SELECT "baseUrl" FROM "ProviderAccount" WHERE "isDefault" ORDER BY "createdAt" LIMIT 1`,
  );
  return new URL(rows[0]!.baseUrl).origin;
}

/** The sandbox's log of the messages it accepted for these numbers. */
async function sandboxMessages(
  origin: string,
  phones: ReadonlySet<string>,
  kind: "sms" | "voice",
): Promise<SandboxMessage[]> {
  const response = await fetch(`${origin}/__sandbox/messages?kind=${kind}`, { headers: sandboxHeaders });
  expect(response.status).toBe(200);
  const { messages } = (await response.json()) as { messages: SandboxMessage[] };
  return messages.filter((m) => phones.has(m.normalizedPhone));
}

/** Uploads a list whose last column is each row's language (VALUES in turn) and opens Compose on it. */
async function composeToNewList(
  page: Page,
  name: string,
  header: string,
  rows: number,
  row: (i: number) => string,
): Promise<void> {
  const lines = Array.from({ length: rows }, (_, i) => `${row(i)},${VALUES[i % VALUES.length]}`);
  await page.goto("/lists");
  await page.getByLabel("List file").setInputFiles({
    name: `${name}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\r\n${lines.join("\r\n")}\r\n`),
  });
  await expect(page.getByTestId("upload-report").getByTestId("report-valid")).toHaveText(formatCount(rows), {
    timeout: 60_000,
  });
  await page
    .getByRole("link", { name: `Compose to ${name}` })
    .first()
    .click();
  await expect(page.getByRole("button", { name: /^Send to / })).toBeEnabled();
}

test("an SMS list in two languages: the values confirmed with counts, the plan per language, each recipient's text", async ({
  page,
  logInAs,
  db,
}) => {
  const tag = 10 + Math.floor(Math.random() * 45);
  await logInAs(page, "OPERATOR");
  await composeToNewList(page, `lugha-${tag}`, "phone,name,language", ROWS, (i) => `${phoneOf(tag, i)},Name ${i}`);
  await expect(page.getByLabel("A saved list")).toBeChecked();

  await page.getByLabel("Batch name").fill(`Languages ${tag}`);
  await page.getByLabel("Message").fill("Hello {{name}}, your clinic visit is tomorrow.");
  const languages = page.getByTestId("languages");
  await languages.getByLabel("Add a language").selectOption("sw");
  await languages.getByLabel("Message in Kiswahili (sw)").fill("Habari {{name}}, ziara yako ya kliniki ni kesho.");
  // The column is found by its name; its values are shown with their counts and the text each gets.
  await expect(languages.getByLabel("Language column")).toHaveValue("language");
  const mapping = languages.getByTestId("language-mapping");
  for (const [value, gets] of [
    ["sw", "sw"],
    ["Kiswahili", "sw"],
    ["en", ""],
    ["English", ""],
    ["", ""],
  ] as const) {
    const row = mapping.locator(`tr[data-value="${value}"]`);
    await expect(row.getByRole("cell").nth(1)).toHaveText("200");
    await expect(row.getByRole("combobox")).toHaveValue(gets);
  }

  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await languages.screenshot({ path: "e2e/screenshots/compose-languages.png" });

  // The per-language plan: 400 in Kiswahili, 600 the default, one unit each.
  const plan = page.getByTestId("planner").getByTestId("language-plan");
  await expect(plan.locator('tr[data-language="default"]')).toContainText("600");
  await expect(plan.locator('tr[data-language="sw"]')).toContainText("400");
  await expect(plan.locator('tr[data-language="total"]')).toContainText("1,000");
  await expect(page.getByTestId("plan-units")).toHaveText("1,000");
  const preview = page.getByRole("table", { name: "Preview" });
  await expect(preview).toContainText(`Habari Name 0, ziara yako ya kliniki ni kesho.`);
  await expect(preview).toContainText(`Hello Name 2, your clinic visit is tomorrow.`);

  // Not confirmed: Send says so, and nothing opens.
  await page.getByRole("button", { name: "Send to 1,000 recipients…" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Check which text each value of “language” gets" }),
  ).toBeVisible();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await languages.getByLabel("I have checked which text each value gets.").check();
  await page.getByRole("button", { name: "Send to 1,000 recipients…" }).click();
  const review = page.getByTestId("review");
  await expect(review.locator('tr[data-language="sw"]')).toContainText("400");
  await expect(review.locator('tr[data-language="default"]')).toContainText("600");
  await expect(review).toContainText("Message in Kiswahili (sw)");
  await expect(page.getByTestId("review-units")).toContainText("1,000");
  await page.getByRole("button", { name: "Send 1,000 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("1,000", { timeout: 120_000 });
  const batchId = page.url().split("/").pop()!;
  // The delivery report per language.
  const outcomes = page.getByTestId("language-outcomes");
  await expect(outcomes.locator('tr[data-language="sw"]')).toContainText("400", { timeout: 60_000 });
  await expect(outcomes.locator('tr[data-language="default"]')).toContainText("600");
  await expect(outcomes.locator('tr[data-language="sw"]')).toContainText("100.0 %");

  // What each recipient got, by the sandbox's own log.
  const phones = new Set(Array.from({ length: ROWS }, (_, i) => storedOf(tag, i)));
  const sent = await sandboxMessages(await sandboxOrigin(db), phones, "sms");
  expect(sent).toHaveLength(ROWS);
  const byPhone = new Map(sent.map((m) => [m.normalizedPhone, m.message]));
  for (let i = 0; i < ROWS; i++)
    expect(byPhone.get(storedOf(tag, i))).toBe(
      isSwahili(i)
        ? `Habari Name ${i}, ziara yako ya kliniki ni kesho.`
        : `Hello Name ${i}, your clinic visit is tomorrow.`,
    );

  // The export carries each recipient's language; the audit event counts them.
  const exported = await page.request.get(`/api/batches/${batchId}/export`);
  // Parsed as CSV: the texts hold commas.
  const [header, ...cells] = Papa.parse<string[]>((await exported.text()).trimEnd()).data;
  const [phoneAt, languageAt] = [header!.indexOf("phone"), header!.indexOf("language")];
  const languageOf = new Map(cells.map((c) => [c[phoneAt], c[languageAt]]));
  for (let i = 0; i < ROWS; i++) expect(languageOf.get(storedOf(tag, i))).toBe(isSwahili(i) ? "sw" : "");
  const { rows: audit } = await db.query<{ detail: { languages: Record<string, number> } }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'batch.create' AND "targetId" = $1`,
    [batchId],
  );
  expect(audit[0]!.detail.languages).toEqual({ default: 600, sw: 400 });

  // The recipients table shows one language's recipients: the choice is in the URL, kept by a reload, and the
  // export of that view holds exactly them.
  const recipients = page.getByRole("region", { name: "Recipients" });
  await recipients.getByRole("combobox", { name: "Language", exact: true }).selectOption("sw");
  await expect(page).toHaveURL(/[?&]language=sw/);
  const swahiliOnly = async () => {
    await expect(recipients.getByTestId("language-count")).toHaveText("400 recipients: Kiswahili (sw)");
    const shown = recipients.getByTestId("recipient-language");
    await expect(shown).toHaveCount(50);
    expect(new Set(await shown.allInnerTexts())).toEqual(new Set(["Kiswahili (sw)"]));
  };
  await swahiliOnly();
  await page.reload();
  await expect(recipients.getByRole("combobox", { name: "Language", exact: true })).toHaveValue("sw");
  await swahiliOnly();
  const href = await recipients.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toMatch(/[?&]language=sw/);
  const filtered = await page.request.get(href!);
  const [filteredHeader, ...filteredCells] = Papa.parse<string[]>((await filtered.text()).trimEnd()).data;
  const [filteredPhoneAt, filteredLanguageAt] = [filteredHeader!.indexOf("phone"), filteredHeader!.indexOf("language")];
  expect(filteredCells).toHaveLength(400);
  expect(new Set(filteredCells.map((c) => c[filteredLanguageAt]))).toEqual(new Set(["sw"]));
  expect(new Set(filteredCells.map((c) => c[filteredPhoneAt]))).toEqual(
    new Set(
      Array.from({ length: ROWS }, (_, i) => i)
        .filter(isSwahili)
        .map((i) => storedOf(tag, i)),
    ),
  );
  // Back to every language: the choice leaves the URL.
  await recipients.getByRole("combobox", { name: "Language", exact: true }).selectOption("");
  await expect(page).not.toHaveURL(/[?&]language=/);
  await expect(recipients.getByTestId("language-count")).toHaveCount(0);

  // The number's page says which language each message was sent in (the default text says nothing).
  await page.goto(`/numbers/${storedOf(tag, 0)}`);
  const sentSwahili = page.getByTestId("number-message").filter({ hasText: `Languages ${tag}` });
  await expect(sentSwahili.getByTestId("number-message-language")).toHaveText("in Kiswahili (sw)");
  await page.goto(`/numbers/${storedOf(tag, 2)}`);
  const sentDefault = page.getByTestId("number-message").filter({ hasText: `Languages ${tag}` });
  await expect(sentDefault).toContainText(`Hello Name 2, your clinic visit is tomorrow.`);
  await expect(sentDefault.getByTestId("number-message-language")).toHaveCount(0);

  // The duplicate-send guard compares each recipient on their own language's text: the same Kiswahili text with a new
  // default text finds the 400 who were sent it, and leaves them out of the plan.
  await page.goto("/lists");
  await page
    .getByRole("link", { name: `Compose to lugha-${tag}` })
    .first()
    .click();
  await page.getByLabel("Message").fill("Hello {{name}}, your clinic visit moved to Friday.");
  await languages.getByLabel("Add a language").selectOption("sw");
  await languages.getByLabel("Message in Kiswahili (sw)").fill("Habari {{name}}, ziara yako ya kliniki ni kesho.");
  await expect(languages.getByLabel("Language column")).toHaveValue("language");
  await expect(page.getByTestId("duplicates")).toContainText("400 recipient(s) were sent this exact text", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("languages")).not.toContainText("sent to everyone on the list");
});

test("a voice list in two languages: each call carries its recipient's voice language and text", async ({
  page,
  logInAs,
  db,
}) => {
  const tag = 55 + Math.floor(Math.random() * 45);
  const origin = await sandboxOrigin(db);
  const knobs = (body: Record<string, unknown>) =>
    fetch(`${origin}/__sandbox/knobs`, {
      method: "POST",
      headers: { ...sandboxHeaders, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await knobs({ voiceLanguageField: "language", voiceLanguages: ["sw", "en"] })).status).toBe(200);
  try {
    await logInAs(page, "ADMIN");
    // An account of this spec's own on the sandbox, with the voice language field.
    const account = `Sauti ${tag}`;
    await page.goto("/settings");
    await page.getByText("Add an account", { exact: true }).click();
    const form = page.locator("details", { hasText: "Add an account" });
    await form.getByLabel("Name").fill(account);
    await form.getByLabel("Base URL (with /api/v1)").fill(`${origin}/api/v1`);
    await form.getByLabel("Bearer token").fill(process.env.E2E_SANDBOX_TOKEN ?? "");
    await form.getByLabel("Sender IDs").fill("SAUTI");
    await form.getByLabel("Default originator number").fill("254700111222");
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(form.getByRole("status")).toHaveText(/Saved\./);
    await page.goto("/settings/voice-language");
    const voice = page.getByRole("form", { name: `Voice language of ${account}` });
    await voice.getByLabel("Request field").fill("language");
    await voice.getByLabel("Allowed values").fill("en, sw");
    await voice.getByRole("button", { name: "Save voice language" }).click();
    await expect(voice).toContainText("Voice batches now carry “language”: en, sw.");

    const rows = 10;
    await composeToNewList(page, `sauti-${tag}`, "phone,jina,lugha", rows, (i) => `${phoneOf(tag, i)},Jina ${i}`);
    await page.getByLabel("Provider account").selectOption({ label: account });
    await page.getByLabel("Voice (text to speech)").check();
    await page.getByLabel("Batch name").fill(`Sauti ${tag}`);
    await page.getByLabel("Message").fill("Hello {{jina}}, your visit is tomorrow.");
    await page.getByLabel("Language", { exact: true }).selectOption("en");
    const languages = page.getByTestId("languages");
    await languages.getByLabel("Add a language").selectOption("sw");
    await languages.getByLabel("Message in Kiswahili (sw)").fill("Habari {{jina}}, ziara yako ni kesho.");
    await expect(languages.getByLabel("Voice language for Kiswahili (sw)")).toHaveValue("sw");
    await expect(languages.getByLabel("Language column")).toHaveValue("lugha");
    await expect(languages.getByTestId("language-mapping").locator('tr[data-value="Kiswahili"]')).toContainText("2");
    await languages.getByLabel("I have checked which text each value gets.").check();
    await page.getByRole("button", { name: "Send to 10 recipients…" }).click();
    await expect(page.getByTestId("review").locator('tr[data-language="sw"]')).toContainText("4");
    await page.getByRole("button", { name: "Call 10 numbers" }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const batchId = page.url().split("/").pop()!;
    await expect
      .poll(
        async () =>
          (await db.query(`SELECT 1 FROM "Message" WHERE "batchId" = $1 AND "submittedAt" IS NOT NULL`, [batchId]))
            .rowCount,
        { timeout: 60_000 },
      )
      .toBe(rows);

    const phones = new Set(Array.from({ length: rows }, (_, i) => storedOf(tag, i)));
    const calls = await sandboxMessages(origin, phones, "voice");
    expect(calls).toHaveLength(rows);
    const byPhone = new Map(calls.map((m) => [m.normalizedPhone, m]));
    for (let i = 0; i < rows; i++)
      expect(byPhone.get(storedOf(tag, i))).toMatchObject(
        isSwahili(i)
          ? { message: `Habari Jina ${i}, ziara yako ni kesho.`, language: "sw" }
          : { message: `Hello Jina ${i}, your visit is tomorrow.`, language: "en" },
      );
  } finally {
    await knobs({ voiceLanguageField: null, voiceLanguages: [] });
  }
});
