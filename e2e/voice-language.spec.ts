// The voice language through the browser (docs/voice-language.md), on an account of this spec's own: a reserved
// field name refused, the field and its values saved (audited); Compose offers the language for voice batches, the
// listen preview says when the browser has no voice for it (headless Chromium has none), and the batch keeps it.
import { randomBytes } from "node:crypto";
import { expect, openCompose, test } from "./fixtures";

test("an administrator names the language field; a voice batch is composed in Swahili, with a listen preview", async ({
  page,
  logInAs,
  db,
}) => {
  const tag = randomBytes(3).toString("hex");
  const name = `Voice ${tag}`;
  await db.query(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", senders,
       "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9/api/v1', 'x', 'xxxx', 'VOICE', '{VOICE}', '254700000000', $2, now())`,
    [name, `voice-${tag}`],
  );
  await logInAs(page, "ADMIN");
  await page.goto("/settings/voice-language");
  const form = page.getByRole("form", { name: `Voice language of ${name}` });
  await form.getByLabel("Request field").fill("message");
  await form.getByLabel("Allowed values").fill("en, sw");
  await form.getByRole("button", { name: "Save voice language" }).click();
  await expect(form).toContainText("That name is one the provider's API already uses");
  await form.getByLabel("Request field").fill("language");
  await form.getByLabel("Allowed values").fill("sw, en, sw");
  await form.getByRole("button", { name: "Save voice language" }).click();
  await expect(form).toContainText("Each language once.");
  await form.getByLabel("Allowed values").fill("sw, en");
  await form.getByRole("button", { name: "Save voice language" }).click();
  await expect(form).toContainText("Voice batches now carry “language”: sw, en.");

  await openCompose(page);
  await page.getByLabel("Provider account").selectOption({ label: name });
  // SMS has no language; voice offers the account's values.
  await expect(page.getByLabel("Language")).toHaveCount(0);
  await page.getByLabel("Voice (text to speech)").check();
  await expect(page.getByLabel("Language").locator("option")).toHaveText(["sw", "en"]);
  await page.getByLabel("Batch name").fill(`Swahili ${tag}`);
  await page.getByLabel("Message").fill(`Habari, mkutano ni kesho saa tatu. ${tag}`);
  await page.getByLabel("Language").selectOption("sw");
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByTestId("listen-status")).toHaveText(
    "This browser has no voice for “sw”: the provider's voice may still speak it.",
  );
  await page.getByLabel("Recipients").fill("0719352001\n0719352002");
  await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
  await page.getByRole("button", { name: "Call 2 numbers" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const { rows } = await db.query<{ kind: string; language: string | null }>(
    `SELECT kind::text, language FROM "Batch" WHERE id = $1`,
    [page.url().split("/").pop()!],
  );
  expect(rows[0]).toEqual({ kind: "VOICE", language: "sw" });
});
