// Compose from a saved list as a new operator would: upload a 1,000-row CSV with a name column, opt one of its
// numbers out, compose `Habari {{name}}` from it, read the preview and the planner, send, watch the batch complete on
// the sandbox's receipts, and find each recipient's own text in the export. Then: a placeholder naming no column is
// refused before sending, with its name; a template saved, reused in Compose, edited and deleted.
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, logIn, test } from "./fixtures";

const ROWS = 1_000;
const phoneOf = (i: number) => `07${String(45_000_000 + i).padStart(8, "0")}`;
const storedOf = (i: number) => `254${phoneOf(i).slice(1)}`;
const csv = () => `phone,name\r\n${Array.from({ length: ROWS }, (_, i) => `${phoneOf(i)},Name ${i}`).join("\r\n")}\r\n`;

test("a 1,000-row list: preview, planner, send, complete, and each recipient's own text in the export; an opted-out number is suppressed", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);

  // Opt out row 7's number in another form than the file's.
  await page.getByRole("link", { name: "Opt-outs" }).click();
  await page.getByLabel("Number to opt out").fill(`+254 ${phoneOf(7).slice(1, 4)} ${phoneOf(7).slice(4)}`);
  await page.getByLabel("Reason (optional)").fill("Asked to stop");
  await page.getByRole("button", { name: "Opt out" }).click();
  await expect(page.getByText(`${storedOf(7)} is opted out`)).toBeVisible();

  await page.getByRole("link", { name: "Lists" }).click();
  await page
    .getByLabel("List file")
    .setInputFiles({ name: "wateja.csv", mimeType: "text/csv", buffer: Buffer.from(csv()) });
  await expect(page.getByTestId("upload-report").getByTestId("report-valid")).toHaveText("1,000", { timeout: 30_000 });
  await page.getByRole("link", { name: "Compose to wateja" }).first().click();
  await expect(page).toHaveURL(/\/compose\?list=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("A saved list")).toBeChecked();

  await page.getByLabel("Batch name").fill("Wateja habari");
  await page.getByLabel("Message").fill("Habari {{name}}");
  const preview = page.getByRole("table", { name: "Preview" });
  for (let i = 0; i < 5; i++) {
    const row = preview.getByRole("row").nth(i + 1);
    await expect(row.getByRole("cell").nth(0)).toHaveText(storedOf(i));
    await expect(row.getByRole("cell").nth(1)).toHaveText(`Habari Name ${i}`);
    await expect(row.getByRole("cell").nth(2)).toHaveText(String(`Habari Name ${i}`.length));
    await expect(row.getByRole("cell").nth(3)).toHaveText("GSM-7");
    await expect(row.getByRole("cell").nth(4)).toHaveText("1");
  }
  // The opted-out number is never sent: not a recipient (issue 35), no request or units for it.
  await expect(page.getByTestId("plan-recipients")).toHaveText("999");
  await expect(page.getByTestId("plan-requests")).toHaveText("10");
  await expect(page.getByTestId("plan-units")).toHaveText("999");
  await expect(page.getByTestId("plan-segments")).toHaveText("Per recipient: 1 segment each.");
  // 10 requests at 0.95 × the sandbox account's 120 requests/s.
  await expect(page.getByTestId("plan-time")).toHaveText(`${(10 / (0.95 * 120)).toFixed(2)} s`);
  await expect(page.getByTestId("planner")).toContainText("1 number(s) are on the opt-out list");
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.getByTestId("preview").screenshot({ path: "e2e/screenshots/compose-preview.png" });

  // A scheduled start is typed and shown in the organisation's time zone; cleared again to send now.
  await page.getByLabel("Send later (optional)").fill("2031-03-04T09:30");
  await expect(page.getByTestId("plan-start")).toContainText("2031");
  await expect(page.getByTestId("plan-start")).toContainText("(Africa/Nairobi)");
  await page.getByTestId("planner").screenshot({ path: "e2e/screenshots/compose-planner.png" });
  await page.getByLabel("Send later (optional)").fill("");

  // A UCS-2 character is named in the preview.
  await page.getByLabel("Message").fill("Habari {{name}} 😀");
  await expect(preview.getByRole("row").nth(1)).toContainText("because of “😀”");
  await page.getByLabel("Message").fill("Habari {{name}}");
  await expect(preview.getByRole("row").nth(1).getByRole("cell").nth(3)).toHaveText("GSM-7");

  await page.getByRole("button", { name: "Send to 999 recipients…" }).click();
  // The review says who is skipped and why before anything is sent.
  await expect(page.getByTestId("review-skipped")).toHaveText("1 opted out");
  await expect(page.getByTestId("review-send")).toHaveText("999");
  await expect(page.getByTestId("review-units")).toContainText("999");
  await page.getByRole("button", { name: "Send 999 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("999", { timeout: 60_000 });
  await expect(page.getByTestId("count-SUPPRESSED")).toHaveText("1");
  await expect(page.getByTestId("batch-state")).toHaveText("finished");

  const batchId = page.url().split("/").pop()!;
  const response = await page.request.get(`/api/batches/${batchId}/export`);
  expect(response.status()).toBe(200);
  const lines = (await response.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "phone,state,delivery_status,correlator,provider_unique_id,operator,sms_units,sent_at,receipt_time,text,error,call_state,reference,metadata,language,phone (list),name",
  );
  const byPhone = new Map(
    lines
      .slice(1)
      .map((line) => line.split(","))
      .map((cells) => [cells[0], { state: cells[1], text: cells[9] }]),
  );
  expect(byPhone.size).toBe(ROWS);
  for (let i = 0; i < ROWS; i++)
    expect(byPhone.get(storedOf(i))).toEqual({ state: i === 7 ? "SUPPRESSED" : "DELIVERED", text: `Habari Name ${i}` });
  const { rows } = await db.query(`SELECT action FROM "AuditEvent" WHERE "actorId" = $1 ORDER BY id`, [operator.id]);
  expect(rows.map((r) => r.action)).toEqual([
    "auth.login",
    "optout.add",
    "list.create",
    "batch.create",
    "export.batch",
  ]);
});

test("a placeholder naming no column is refused before sending, with its name", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  await page.getByLabel("List file").setInputFiles({
    name: "majina.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("phone,name\n0746000001,Amina\n0746000002,Baraka\n"),
  });
  await expect(page.getByTestId("upload-report").getByTestId("report-valid")).toHaveText("2", { timeout: 30_000 });
  await page.getByRole("link", { name: "Compose to majina" }).first().click();
  await page.getByLabel("Batch name").fill("Wrong placeholder");
  await page.getByLabel("Message").fill("Habari {{jina}}, salio {{ Balance }}");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("has no column for {{jina}}, {{Balance}}");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Its placeholders are: {{phone}} {{name}}");
  await expect(page.getByRole("button", { name: "Send to 2 recipients…" })).toBeDisabled();
  await expect(page.getByTestId("planner")).toHaveCount(0);
  expect(
    (await db.query(`SELECT count(*)::int AS n FROM "Batch" WHERE "authorId" = $1`, [operator.id])).rows[0].n,
  ).toBe(0);
  // Fixed, the same form sends.
  await page.getByLabel("Message").fill("Habari {{NAME}}");
  await expect(page.getByRole("table", { name: "Preview" }).getByRole("row").nth(2)).toContainText("Habari Baraka");
  await expect(page.getByRole("button", { name: "Send to 2 recipients…" })).toBeEnabled();
});

test("a template is saved, reused in Compose, edited and deleted, each audited", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.getByRole("link", { name: "Templates" }).click();
  const name = `Karibu ${operator.id.slice(0, 8)}`;
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Template body").fill("Karibu {{name}}, asante.");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(
    page.getByRole("table", { name: "Templates" }).getByRole("cell", { name: name, exact: true }),
  ).toBeVisible();

  await page.getByRole("link", { name: `Use ${name}` }).click();
  await expect(page).toHaveURL(/\/compose\?template=/);
  await expect(page.getByLabel("Message")).toHaveValue("Karibu {{name}}, asante.");
  // And from Compose's own chooser.
  await page.getByLabel("Message").fill("");
  await page.getByLabel("Use a template").selectOption({ label: `${name} (SMS)` });
  await expect(page.getByLabel("Message")).toHaveValue("Karibu {{name}}, asante.");

  // Through the menu of the (hydrated) Compose page: a client-side navigation, so nothing is typed into a server-
  // rendered form that React has not taken over yet (it would put its own value back).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" }).click();
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Edit “${name}”` })).toBeVisible();
  await page.getByLabel("Template body").fill("Karibu tena {{name}}.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByRole("table", { name: "Templates" }).getByRole("cell", { name: "Karibu tena {{name}}." }),
  ).toBeVisible();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Delete the template “${name}”? It cannot be brought back`)).toBeVisible();
  await page.getByRole("button", { name: "Delete the template" }).click();
  await expect(
    page.getByRole("table", { name: "Templates" }).getByRole("cell", { name: name, exact: true }),
  ).toHaveCount(0);
  const { rows } = await db.query(`SELECT action FROM "AuditEvent" WHERE "actorId" = $1 ORDER BY id`, [operator.id]);
  expect(rows.map((r) => r.action)).toEqual(["auth.login", "template.create", "template.update", "template.delete"]);
});

test("opt-outs: upload a CSV of numbers, search in any form, page, remove", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/opt-outs");
  const numbers = Array.from({ length: 60 }, (_, i) => `07470000${String(i).padStart(2, "0")}`);
  await page.getByLabel("Opt-out file (CSV or XLSX)").setInputFiles({
    name: "stop.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`msisdn\n${numbers.join("\n")}\n12345\n`),
  });
  await expect(page.getByText("60 number(s) opted out from 61 row(s)")).toBeVisible();
  await page.getByLabel("Search opted-out numbers").fill("0747 0000");
  await page.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("table", { name: "Opted-out numbers" });
  await expect(table.getByRole("row")).toHaveCount(51);
  await expect(table.getByRole("cell", { name: "254747000000", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(table.getByRole("row")).toHaveCount(11);
  await expect(table.getByRole("cell", { name: "254747000059", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await page.getByRole("button", { name: "Remove 254747000059" }).click();
  await page.getByLabel("Why (kept in the audit log)").fill("Asked to be sent to again");
  await page.getByRole("button", { name: "Remove from the opt-out list" }).click();
  await expect(table.getByRole("cell", { name: "254747000059", exact: true })).toHaveCount(0);
  const { rows } = await db.query(`SELECT action FROM "AuditEvent" WHERE "actorId" = $1 ORDER BY id`, [operator.id]);
  expect(rows.map((r) => r.action)).toEqual(["auth.login", "list.create", "optout.add", "optout.remove"]);
});

test("from Compose, an XLSX list of 1,000 rows with 10 invalid and 5 duplicates: report, invalid rows, personalised send, each recipient's own text in the export", async ({
  page,
  seedUser,
}) => {
  const phone = (i: number) => `2547480${String(i).padStart(5, "0")}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Wateja");
  sheet.addRow(["phone", "name"]);
  for (let i = 0; i < 1_000; i++) {
    if (i % 100 === 9) sheet.addRow([`12345${i}`, `Bad ${i}`]);
    // Rows 995–999 repeat rows 0–4, typed another way.
    else if (i >= 995) sheet.addRow([`+254 748 000 ${String(i - 995).padStart(3, "0")}`, `Again ${i}`]);
    // Numbers as Excel stores them when typed into a cell (a number cell), and as text.
    else sheet.addRow([i % 2 === 0 ? Number(phone(i)) : `0${phone(i).slice(3)}`, `Jina ${i}`]);
  }
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compose" }).click();
  await page.getByLabel("A saved list").check();
  await page.getByLabel("List file").setInputFiles({
    name: "wateja.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  const report = page.getByTestId("upload-report");
  await expect(report.getByTestId("report-rows")).toHaveText("1,000", { timeout: 30_000 });
  await expect(report.getByTestId("report-valid")).toHaveText("985");
  await expect(report.getByTestId("report-invalid")).toHaveText("10");
  await expect(report.getByTestId("report-duplicates")).toHaveText("5");
  await expect(report).toContainText('sheet "Wateja"');
  await page.screenshot({ path: "e2e/screenshots/compose-upload.png", fullPage: true });
  const download = page.waitForEvent("download");
  await report.getByRole("link", { name: "Download duplicates CSV" }).click();
  const duplicates = fs
    .readFileSync(await (await download).path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(duplicates[0]).toBe("row,phone,name,repeats_row,reason");
  // A value starting with + is one a spreadsheet would run as a formula: it comes back escaped ('), as every
  // operator-supplied cell in every download does.
  expect(duplicates.slice(1)).toEqual(
    [0, 1, 2, 3, 4].map(
      (k) => `${997 + k},"'+254 748 000 00${k}",Again ${995 + k},${k + 2},Repeats row ${k + 2} (${phone(k)}).`,
    ),
  );
  // The list just uploaded is the one Compose sends to.
  await expect(page.getByLabel("Saved list").locator("option:checked")).toContainText("wateja — 985 recipients");

  await page.getByLabel("Batch name").fill("Wateja XLSX");
  await page.getByLabel("Message").fill("Habari {{name}}");
  const preview = page.getByRole("table", { name: "Preview" });
  await expect(preview.getByRole("row").nth(1).getByRole("cell").nth(0)).toHaveText(phone(0));
  await expect(preview.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText("Habari Jina 0");
  await expect(page.getByTestId("plan-recipients")).toHaveText("985");
  await expect(page.getByTestId("plan-requests")).toHaveText("10");
  await expect(page.getByTestId("plan-units")).toHaveText("985");
  await page.getByRole("button", { name: "Send to 985 recipients…" }).click();
  await expect(page.getByTestId("review-skipped")).toHaveText("10 not valid, 5 repeated");
  await page.getByRole("button", { name: "Send 985 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("985", { timeout: 60_000 });
  await expect(page.getByTestId("batch-state")).toHaveText("finished");

  const batchId = page.url().split("/").pop()!;
  const lines = (await (await page.request.get(`/api/batches/${batchId}/export`)).text()).trimEnd().split("\r\n");
  const texts = new Map(
    lines
      .slice(1)
      .map((line) => line.split(","))
      .map((cells) => [cells[0], cells[9]]),
  );
  const expected = new Map<string, string>();
  for (let i = 0; i < 995; i++) if (i % 100 !== 9) expected.set(phone(i), `Habari Jina ${i}`);
  expect(texts).toEqual(expected);
});
