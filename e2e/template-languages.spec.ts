// A template in two languages, through the browser (issue 39, docs/languages.md "In Compose"): saved on the templates
// page with a Kiswahili text beside its body, then chosen in Compose for a saved list with a language column — its
// Kiswahili text arrives in Other languages, the column is found by its name, the operator confirms which text each
// value gets, and the review shows both languages. Beside compose-list.spec.ts's template test (one language), apart
// so each spec stays one story.
import { formatCount } from "@/lib/numbers/format";
import { expect, test } from "./fixtures";

const VALUES = ["sw", "Kiswahili", "en", "English", ""];
// 0798 numbers no other spec uses; `tag` (two digits) keeps reruns apart.
const phoneOf = (tag: number, i: number) => `0798${String(tag).padStart(2, "0")}${String(i).padStart(4, "0")}`;

test("a template with a Kiswahili text: saved, chosen in Compose for a list in two languages, mapped, reviewed in both", async ({
  page,
  logInAs,
  db,
}) => {
  const tag = 10 + Math.floor(Math.random() * 90);
  const rows = 20;
  await logInAs(page, "OPERATOR");

  const name = `Lugha ${tag} ${Date.now()}`;
  await page.goto("/templates");
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Template body").fill("Hello {{name}}, your clinic visit is tomorrow.");
  const languages = page.getByTestId("template-languages");
  await languages.getByLabel("Add a language").selectOption("sw");
  const swahili = languages.getByLabel("Message in Kiswahili (sw)");
  await swahili.fill("Habari {{name}}, ziara yako ya kliniki ni kesho.");
  // Its own counter, as Compose's.
  await expect(languages.getByTestId("message-counter")).toContainText("48 / 1,600 characters · 1 SMS segment (GSM-7)");
  await page.getByRole("button", { name: "Save template" }).click();
  const row = page.getByRole("table", { name: "Templates" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Also in Kiswahili (sw)");
  const { rows: audit } = await db.query<{ detail: { variants: unknown } }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'template.create' AND detail->>'name' = $1`,
    [name],
  );
  expect(audit[0]!.detail.variants).toEqual({ added: ["sw"], changed: [], removed: [] });

  // A saved list whose `language` column names each row's language.
  const list = `lugha-template-${tag}`;
  const lines = Array.from({ length: rows }, (_, i) => `${phoneOf(tag, i)},Name ${i},${VALUES[i % VALUES.length]}`);
  await page.goto("/lists");
  await page.getByLabel("List file").setInputFiles({
    name: `${list}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(`phone,name,language\r\n${lines.join("\r\n")}\r\n`),
  });
  await expect(page.getByTestId("upload-report").getByTestId("report-valid")).toHaveText(formatCount(rows), {
    timeout: 60_000,
  });
  await page
    .getByRole("link", { name: `Compose to ${list}` })
    .first()
    .click();
  await expect(page.getByRole("button", { name: /^Send to / })).toBeEnabled();
  await page.getByLabel("Batch name").fill(`Template languages ${tag}`);

  await page.getByLabel("Use a template").selectOption({ label: `${name} (SMS)` });
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Hello {{name}}, your clinic visit is tomorrow.",
  );
  const other = page.getByTestId("languages");
  await expect(other.getByLabel("Message in Kiswahili (sw)")).toHaveValue(
    "Habari {{name}}, ziara yako ya kliniki ni kesho.",
  );
  await expect(other.getByLabel("Language column")).toHaveValue("language");
  const mapping = other.getByTestId("language-mapping");
  await expect(mapping.locator('tr[data-value="Kiswahili"]').getByRole("combobox")).toHaveValue("sw");
  await expect(mapping.locator('tr[data-value="English"]').getByRole("combobox")).toHaveValue("");
  // Not confirmed yet: the review does not open.
  await page.getByRole("button", { name: `Send to ${rows} recipients…` }).click();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await other.getByLabel("I have checked which text each value gets.").check();
  await page.getByRole("button", { name: `Send to ${rows} recipients…` }).click();
  const review = page.getByTestId("review");
  await expect(review.locator('tr[data-language="sw"]')).toContainText("8");
  await expect(review.locator('tr[data-language="default"]')).toContainText("12");
  await expect(review).toContainText("Message in Kiswahili (sw)");
  await expect(review).toContainText("Habari {{name}}, ziara yako ya kliniki ni kesho.");
});
