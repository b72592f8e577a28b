// Lists have names and pages of their own: named at upload (or after the file), renamed with an audit, opened to see
// their report and their rows a page at a time with their own columns; the same file uploaded again is flagged with
// the earlier list; a Word document renamed .csv is named as one; and leaving the page mid-upload asks first, and
// after a reload the page says the interrupted upload was not stored.
import { zipFile } from "../test/zip-builder";
import { expect, logIn, test } from "./fixtures";

/** Data rows 2…131 (the header is row 1); rows 50 and 120 hold invalid numbers. Numbers 011<tag><row> (tags of four
 * digits from 1000): other specs, running at the same time on the same database, count their own 07… numbers. */
function clinicCsv(tag: number): string {
  const lines = ["phone,name,clinic"];
  for (let row = 2; row <= 131; row++)
    lines.push(
      row === 50 || row === 120
        ? `123,Bad ${row},X`
        : `011${tag}${String(row).padStart(3, "0")},Patient ${row},Clinic ${row % 3}`,
    );
  return `${lines.join("\n")}\n`;
}

/** The row numbers shown in the list's table, in order. */
async function shownRows(page: import("@playwright/test").Page): Promise<string[]> {
  const table = page.getByRole("table", { name: "Rows of the list" });
  return table.locator("tbody tr td:first-child").allTextContents();
}

test("a list named at upload opens to its report and rows, pages across 99 → 100 to the last page, and is renamed with an audit", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  const tag = 1_000 + Math.floor(Math.random() * 4_500);
  await page.getByLabel("List name").fill("December reminders");
  await page
    .getByLabel("List file")
    .setInputFiles({ name: "export (3).csv", mimeType: "text/csv", buffer: Buffer.from(clinicCsv(tag)) });
  const report = page.getByTestId("upload-report");
  await expect(report.getByRole("heading", { name: "Report: December reminders" })).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId("report-valid")).toHaveText("128");
  await expect(report).toContainText("From export (3).csv.");

  const saved = page.getByRole("table", { name: "Saved lists" });
  await saved.getByRole("link", { name: "December reminders", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "December reminders" })).toBeVisible();
  await expect(page.getByTestId("list-valid")).toHaveText("128");
  await expect(page.getByTestId("list-invalid")).toHaveText("2");
  const table = page.getByRole("table", { name: "Rows of the list" });
  // The list's own columns, after the row number.
  await expect(table.getByRole("columnheader")).toHaveText(["Row", "phone", "name", "clinic"]);
  expect(await shownRows(page)).toEqual([...range(2, 49), 51, 52].map(String));
  await expect(table.getByRole("row").nth(1)).toHaveText(`2011${tag}002Patient 2Clinic 2`);
  const pages = page.getByRole("navigation", { name: "Pages of the list" });
  await expect(pages.getByText("Previous")).toHaveAttribute("aria-disabled", "true");

  await pages.getByRole("link", { name: "Next" }).click();
  // 99, 100, 101 in order: the rows cross a digit count where a text sort would not.
  await expect(page.getByTestId("list-page-range")).toHaveText("Rows 53–102");
  expect(await shownRows(page)).toEqual(range(53, 102).map(String));
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page.getByTestId("list-page-range")).toHaveText("Rows 103–131");
  expect(await shownRows(page)).toEqual([...range(103, 119), ...range(121, 131)].map(String));
  await expect(pages.getByText("Next")).toHaveAttribute("aria-disabled", "true");
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByTestId("list-page-range")).toHaveText("Rows 53–102");
  await pages.getByRole("link", { name: "Last" }).click();
  await expect(page.getByTestId("list-page-range")).toHaveText("Rows 81–131");
  await expect(pages.getByText("Last")).toHaveAttribute("aria-disabled", "true");

  // Renamed on its page: shown at once, audited with both names, and the name Compose offers.
  await page.getByLabel("List name").fill("Kisumu reminders");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Renamed from “December reminders” to “Kisumu reminders”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Kisumu reminders" })).toBeVisible();
  const { rows } = await db.query(`SELECT detail FROM "AuditEvent" WHERE "actorId" = $1 AND action = 'list.rename'`, [
    operator.id,
  ]);
  expect(rows).toEqual([{ detail: { from: "December reminders", to: "Kisumu reminders" } }]);
  await page.getByRole("link", { name: "Compose to this list" }).click();
  await expect(page.getByLabel("Saved list").locator("option:checked")).toContainText(
    "Kisumu reminders — 128 recipients",
  );
});

test("a list with no valid rows opens to an empty table; its name defaults to the file's", async ({
  page,
  seedUser,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  await page.getByLabel("List file").setInputFiles({
    name: "all wrong.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("phone,name\n12345,A\n999,B\n"),
  });
  await expect(page.getByTestId("upload-report").getByTestId("report-invalid")).toHaveText("2", { timeout: 30_000 });
  await page
    .getByRole("table", { name: "Saved lists" })
    .getByRole("link", { name: "all wrong", exact: true })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "all wrong" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Rows of the list" })).toContainText("This list has no valid rows.");
  for (const name of ["First", "Previous", "Next", "Last"])
    await expect(page.getByRole("navigation", { name: "Pages of the list" }).getByText(name)).toHaveAttribute(
      "aria-disabled",
      "true",
    );
});

test("the same file uploaded again is flagged with the earlier list's name and time, and stored all the same", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  const tag = 5_500 + Math.floor(Math.random() * 4_500);
  const file = { name: "reminders.csv", mimeType: "text/csv", buffer: Buffer.from(clinicCsv(tag)) };
  await page.getByLabel("List name").fill(`Round ${tag}`);
  await page.getByLabel("List file").setInputFiles(file);
  await expect(page.getByTestId("upload-report").getByTestId("report-valid")).toHaveText("128", { timeout: 30_000 });
  await expect(page.getByTestId("same-file")).toHaveCount(0);

  await page.getByLabel("List name").fill("");
  await page.getByLabel("List file").setInputFiles(file);
  const notice = page.getByTestId("same-file");
  await expect(notice).toContainText(
    new RegExp(
      `^This file was already uploaded on \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} \\S+ as ‘Round ${tag}’ — open it or keep both\\.`,
    ),
    { timeout: 30_000 },
  );
  const { rows } = await db.query<{ name: string; state: string }>(
    `SELECT name, state FROM "List" WHERE "authorId" = $1 ORDER BY "createdAt"`,
    [operator.id],
  );
  expect(rows).toEqual([
    { name: `Round ${tag}`, state: "READY" },
    { name: "reminders", state: "READY" },
  ]);
  await notice.getByRole("link", { name: `Open ‘Round ${tag}’` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Round ${tag}` })).toBeVisible();
});

test("a Word document renamed .csv is named as one, with what to do instead, and nothing is stored", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  const docx = zipFile([
    { name: "[Content_Types].xml", data: "<Types/>" },
    { name: "_rels/.rels", data: "<Relationships/>" },
    { name: "word/document.xml", data: "<w:document><w:body><w:p>0712000001</w:p></w:body></w:document>" },
  ]);
  await page.getByLabel("List file").setInputFiles({ name: "patients.csv", mimeType: "text/csv", buffer: docx });
  await expect(
    page.getByText(
      "This is a Word document, not a list: save it as CSV (File → Save as → CSV) or Excel workbook and upload that.",
    ),
  ).toBeVisible({ timeout: 30_000 });
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM "List" WHERE "authorId" = $1`, [operator.id]);
  expect(rows[0].n).toBe(0);
});

test("leaving mid-upload asks first; after a reload the page says the interrupted upload was not stored", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  // A slow connection (Chromium's throttling) keeps the upload running: 4.4 MB at 128 KiB/s take half a minute.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 128 * 1024,
  });
  const rows = Array.from({ length: 200_000 }, (_, i) => `011${String(i).padStart(7, "0")},Name ${i}`);
  // A click gives the page the user activation without which Chromium shows no "leave the page?" dialog.
  await page.getByLabel("List name").click();
  await page
    .getByLabel("List file")
    .setInputFiles({ name: "left.csv", mimeType: "text/csv", buffer: Buffer.from(`phone,name\n${rows.join("\n")}\n`) });
  await expect(page.getByTestId("upload-progress")).toBeVisible();

  // A link in the console asks; declining keeps the page and the upload.
  // (The confirm holds the click until it is answered: the answer is given as the dialog opens.)
  const asked = page.waitForEvent("dialog").then(async (dialog) => {
    const seen = [dialog.type(), dialog.message()];
    await dialog.dismiss();
    return seen;
  });
  await page.getByRole("link", { name: "Compose", exact: true }).first().click();
  expect(await asked).toEqual([
    "confirm",
    "A list is still uploading. If you leave this page, the upload stops and nothing is stored. Leave anyway?",
  ]);
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByTestId("upload-progress")).toBeVisible();

  // A reload asks too (the browser's own dialog); leaving anyway ends the upload, and the page that comes back says so.
  page.once("dialog", (dialog) => {
    expect(dialog.type()).toBe("beforeunload");
    void dialog.accept();
  });
  await page.reload();
  await expect(page.getByTestId("interrupted-upload")).toContainText(
    "The upload of “left.csv” was interrupted when the page was left or reloaded, and nothing of it was stored. Upload the file again.",
    { timeout: 30_000 },
  );
  const stored = await db.query(`SELECT count(*)::int AS n FROM "List" WHERE "authorId" = $1`, [operator.id]);
  expect(stored.rows[0].n).toBe(0);
  // Said once: the next visit is quiet.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Saved lists" })).toBeVisible();
  await expect(page.getByText("was interrupted")).toHaveCount(0);
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

test("a file checked again with another phone column is one saved list, not two", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  const tag = 1_000 + Math.floor(Math.random() * 4_500);
  const name = `Two columns ${tag}`;
  const csv = `mobile,alternate,name\n011${tag}201,011${tag}301,Amina\n011${tag}202,011${tag}302,Baraka\n`;
  await page.getByLabel("List name").fill(name);
  await page.getByLabel("List file").setInputFiles({ name: "two.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const report = page.getByTestId("upload-report");
  await expect(report.getByLabel("Phone column")).toHaveValue("mobile", { timeout: 30_000 });
  const { rows: before } = await db.query<{ id: string }>(`SELECT id FROM "List" WHERE name = $1`, [name]);
  expect(before).toHaveLength(1);

  await report.getByLabel("Phone column").selectOption("alternate");
  await expect(page.getByTestId("upload-report").getByLabel("Phone column")).toHaveValue("alternate", {
    timeout: 30_000,
  });
  // The same bytes read another way are the same list: no "uploaded before" notice about the list it replaced.
  await expect(page.getByTestId("same-file")).toHaveCount(0);
  const { rows: after } = await db.query<{ id: string; phoneColumn: string }>(
    `SELECT id, "phoneColumn" FROM "List" WHERE name = $1`,
    [name],
  );
  expect(after).toEqual([{ id: expect.not.stringMatching(before[0]!.id), phoneColumn: "alternate" }]);
  await expect(page.getByRole("table", { name: "Saved lists" }).getByRole("link", { name, exact: true })).toHaveCount(
    1,
  );
});
