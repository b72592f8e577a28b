// A new organisation's first visit (this spec runs before every other one, on a console with no batch yet:
// playwright.config.ts): the Overview leads to "Send your first message" and a sample list, at 1,280 and 390 px; the
// sample downloads, uploads as a valid list with its name column, and is sent — the first batch.
import fs from "node:fs";
import { expect, test } from "./fixtures";

test("an empty Overview leads to the first message and a sample list that uploads and sends", async ({
  page,
  browser,
  logInAs,
  db,
}) => {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Batch"`);
  expect(rows[0]!.n, "the first-run spec expects a console with no batch yet").toBe(0);

  // A viewer cannot send: told that nothing has been sent yet, offered nothing to click.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await logInAs(viewer, "VIEWER");
  await viewer.goto("/");
  await expect(viewer.getByRole("region", { name: "First steps" })).toContainText("Nothing has been sent yet");
  await expect(viewer.getByRole("link", { name: "Send your first message" })).toHaveCount(0);
  await viewerContext.close();

  // At 390 px the first steps are on screen without scrolling sideways.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await logInAs(phone, "OPERATOR");
  await phone.goto("/");
  await expect(phone.getByRole("link", { name: "Send your first message" })).toBeInViewport();
  await expect(phone.getByRole("link", { name: "Download a sample list (CSV)" })).toBeInViewport();
  expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await phoneContext.close();

  await logInAs(page, "OPERATOR");
  await page.goto("/");
  const steps = page.getByRole("region", { name: "First steps" });
  await expect(steps).toBeVisible();
  const download = page.waitForEvent("download");
  await steps.getByRole("link", { name: "Download a sample list (CSV)" }).click();
  const sample = await (await download).path();
  expect((await download).suggestedFilename()).toBe("sample-list.csv");
  const text = fs.readFileSync(sample, "utf8");
  expect(text.split("\n")[0]).toBe("name,phone,clinic");

  await steps.getByRole("link", { name: "Send your first message" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await expect(page.getByRole("button", { name: /^(Send to|Schedule for) / })).toBeEnabled();
  await page.getByLabel("A saved list").check();
  await page
    .getByLabel("List file")
    .setInputFiles({ name: "sample-list.csv", mimeType: "text/csv", buffer: fs.readFileSync(sample) });
  const report = page.getByTestId("upload-report");
  await expect(report.getByTestId("report-valid")).toHaveText("5", { timeout: 30_000 });
  await expect(report.getByTestId("report-invalid")).toHaveText("0");
  const stored = await db.query<{ state: string; validCount: number; columns: string[] }>(
    `SELECT state, "validCount", columns FROM "List" WHERE filename = 'sample-list.csv'`,
  );
  expect(stored.rows).toHaveLength(1);
  expect(stored.rows[0]).toMatchObject({ state: "READY", validCount: 5 });
  expect(stored.rows[0]!.columns).toEqual(expect.arrayContaining(["name", "clinic"]));

  await page.getByLabel("Batch name").fill("First message");
  await page.getByLabel("Message").fill("Habari {{name}}, from {{clinic}}.");
  await expect(page.getByRole("table", { name: "Preview" }).getByRole("row").nth(1)).toContainText(
    "Habari Grace Wanjiru, from Westlands.",
  );
  await page.getByRole("button", { name: "Send to 5 recipients…" }).click();
  await page.getByRole("button", { name: "Send 5 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });

  // Once there is a batch, the Overview shows figures instead of first steps.
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Totals" })).toBeVisible();
  await expect(page.getByRole("region", { name: "First steps" })).toHaveCount(0);
});
