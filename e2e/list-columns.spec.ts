// A list's own columns all the way through (issue 19 item 4), as a clinic's operator uses them: the invalid rows come
// back whole, the batch sent from the list shows the chosen columns beside each recipient (the choice kept on
// reload), finds a patient by name (accents and case ignored) and exports the columns — at 1,280 and 390 px.
import fs from "node:fs";
import { expect, logIn, test } from "./fixtures";

const CSV = [
  "name,phone,clinic,visit",
  "Wanjirũ Kamau,0745100001,Kisumu East,2026-12-01",
  "Otieno Ochieng,0745100002,Nakuru,2026-12-02",
  "Amina Said,074510003,Nakuru,2026-12-03", // one digit missing
  "Baraka Mwangi,0745100004,=HYPERLINK(1),2026-12-04",
].join("\n");

for (const width of [1280, 390]) {
  test(`the list's columns through report, table, search and export (${width} px)`, async ({ page, seedUser }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, await seedUser("OPERATOR"));
    await page.goto("/lists");
    const filename = `clinic-${width}.csv`;
    await page
      .getByLabel("List file")
      .setInputFiles({ name: filename, mimeType: "text/csv", buffer: Buffer.from(CSV) });
    const report = page.getByTestId("upload-report");
    await expect(report.getByTestId("report-valid")).toHaveText("3", { timeout: 30_000 });

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download invalid CSV" }).click();
    const invalid = fs
      .readFileSync(await (await download).path(), "utf8")
      .trimEnd()
      .split("\r\n");
    expect(invalid).toEqual([
      "row,name,phone,clinic,visit,reason",
      "4,Amina Said,074510003,Nakuru,2026-12-03,One digit missing: 07… numbers have 10 digits.",
    ]);

    // A list is named after its file without the extension unless given a name.
    await page
      .getByRole("link", { name: `Compose to ${filename.replace(/\.csv$/, "")}`, exact: true })
      .first()
      .click();
    await page.getByLabel("Batch name").fill(`Clinic ${width}`);
    // A text of its own per width: the same text to the same people again would be left out (duplicate-send guard).
    await page.getByLabel("Message").fill(`Habari {{name}} (${width})`);
    await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
    await page.getByRole("button", { name: "Send 3 text messages" }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    const recipients = page.getByRole("region", { name: "Recipients" });
    const headers = recipients.getByRole("columnheader");
    // By default the first three columns other than the phone.
    await expect(headers.nth(1)).toHaveText("name");
    await expect(headers.nth(2)).toHaveText("clinic");
    await expect(headers.nth(3)).toHaveText("visit");
    await expect(recipients.getByRole("cell", { name: "Wanjirũ Kamau" })).toBeVisible();

    await recipients.getByText(/^List columns \(/).click();
    await recipients.getByRole("checkbox", { name: "visit" }).uncheck();
    await recipients.getByRole("checkbox", { name: "phone" }).check();
    await expect(recipients.getByText("List columns (3 of 4)")).toBeVisible();
    await page.reload();
    await expect(headers.nth(1)).toHaveText("name");
    await expect(headers.nth(2)).toHaveText("phone");
    await expect(headers.nth(3)).toHaveText("clinic");
    await expect(headers.nth(4)).toHaveText("State");
    // The list's own phone column as typed (not Tuma's 254… form); at 390 px each cell of a card carries its column's
    // name (components/ui/table.tsx).
    await expect(recipients.getByRole("cell", { name: /^(phone )?0745100002$/ })).toBeVisible();

    await recipients.getByLabel("Find").fill("WANJIRU");
    await recipients.getByRole("button", { name: "Search" }).click();
    await expect(recipients.getByRole("row")).toHaveCount(2);
    await expect(recipients.getByRole("cell", { name: "Kisumu East" })).toBeVisible();

    const exported = page.waitForEvent("download");
    await recipients.getByRole("link", { name: "Export CSV" }).click();
    const csv = fs
      .readFileSync(await (await exported).path(), "utf8")
      .trimEnd()
      .split("\r\n");
    expect(csv[0]).toMatch(/,text,error,call_state,reference,metadata,language,name,phone \(list\),clinic,visit$/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(
      new RegExp(
        `^254745100001,.*,Habari Wanjirũ Kamau \\(${width}\\),,,,,,Wanjirũ Kamau,0745100001,Kisumu East,2026-12-01$`,
      ),
    );

    await recipients.getByLabel("Find").fill("wa");
    await recipients.getByRole("button", { name: "Search" }).click();
    await expect(recipients).toContainText('"wa" is too short: type at least 3 characters');
    await page.screenshot({ path: `e2e/screenshots/list-columns-${width}.png`, fullPage: true });
  });
}
