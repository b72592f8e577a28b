// Reports end to end: a batch sent to the sandbox (which posts receipts), then its page (chart, operators, failure
// reasons — all agreeing with the live counters, without a reload), a message's page (its receipt JSON), the receipts
// page and the overview — at 1,280 and 390 px, with screenshots, no page scrolling sideways, and every progress bar
// named (axe). A viewer reads every report but the receipt log (403).
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, logIn, openCompose, test } from "./fixtures";

const SHOTS = "e2e/screenshots";

/** axe's aria-progressbar-name rule (serious): every progress bar on the page has an accessible name. */
async function progressBarsNamed(page: Page) {
  const result = await new AxeBuilder({ page }).withRules(["aria-progressbar-name"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);
  expect(result.passes.map((p) => p.id)).toContain("aria-progressbar-name"); // there was a bar to check
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Charts size themselves to their box after a resize (a ResizeObserver): the page must come to fit.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${name} at ${width} px scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin sends a batch and reads its reports: batch, message, receipts and overview pages", async ({
  page,
  seedUser,
  db,
}) => {
  // The charts (SVG with inline style attributes) must work under the Content-Security-Policy.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  const admin = await seedUser("ADMIN");
  const tail = String(Date.now()).slice(-5);
  const numbers = [`07120${tail}`, `07330${tail}`, `07710${tail}`]; // Safaricom, Airtel, Telkom
  await logIn(page, admin);
  await openCompose(page);
  await page.getByLabel("Batch name").fill(`Reports ${tail}`);
  await page.getByLabel("Message").fill("Habari! Report test.");
  await page.getByLabel("Recipients").fill(numbers.join("\n"));
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await page.getByRole("button", { name: "Send 3 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const batchId = page.url().split("/").pop()!;
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("3", { timeout: 30_000 });
  await expect(page.getByTestId("batch-state")).toHaveText("finished");

  // Without a reload, every section catches up with the counters (asked again as they move) and then agrees.
  const report = page.getByRole("region", { name: "Delivery report" });
  await expect(report.getByTestId("chart-latest")).toHaveText(
    "At the last point: 3 delivered, 0 failed, 0 without a receipt.",
  );
  await expect(report.getByTestId("delivery-chart").locator("svg").first()).toBeVisible();
  const operators = page.getByRole("region", { name: "By operator" });
  for (const name of ["Safaricom", "Airtel", "Telkom"]) {
    await expect(operators.getByRole("cell", { name, exact: true })).toBeVisible();
    await expect(operators.getByTestId(`rate-${name}`)).toHaveText("100.0 %");
    await expect(operators.getByTestId(`delivered-${name}`)).toHaveText("1");
  }
  await expect(page.getByRole("region", { name: "Failure reasons" }).getByText("No failures.")).toBeVisible();
  await expect(report.getByTestId("reached")).toContainText("3 of 3 people targeted reached");
  // Each section says as of when, of the same moment as the counters beside it: none is catching up.
  const asOf = report.getByTestId("as-of");
  await expect(asOf).toHaveCount(4);
  for (const text of await asOf.allTextContents())
    expect(text).toMatch(/^As of \d\d:\d\d:\d\d EAT \(3 delivered then\)\.$/);
  await expect(page.getByTestId("count-FAILED")).toHaveText("0");
  await progressBarsNamed(page);
  await shoot(page, "batch");

  // Receipts page: search by the number in another form, then open the message from its receipt.
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM "Message" WHERE "batchId" = $1 AND phone = $2`,
    [batchId, `2547120${tail}`],
  );
  const messageId = rows[0]!.id;
  await page.goto("/receipts");
  await page.getByLabel("uniqueId, correlator or phone").fill(`+254 7120${tail}`);
  await page.getByRole("button", { name: "Search" }).click();
  const log = page.getByRole("region", { name: "Receipt log" });
  await expect(log.getByRole("link", { name: `message ${messageId}` }).first()).toBeVisible();
  await expect(page.getByTestId("lag-chart").locator("svg").first()).toBeVisible();
  await shoot(page, "receipts");

  await log
    .getByRole("link", { name: `message ${messageId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/messages/${messageId}$`));
  await expect(page.getByRole("heading", { name: `2547120${tail}` })).toBeVisible();
  await expect(page.getByTestId("message-state")).toHaveText("delivered");
  const receipt = page.getByLabel("Receipt JSON").first();
  await expect(receipt).toContainText('"deliveryStatus": "DeliveredToTerminal"');
  await expect(receipt).toContainText(`"correlator": "${messageId}"`);
  await expect(page.getByLabel("Request JSON")).toContainText(`"correlator": "${messageId}"`);
  await expect(page.getByLabel("Request JSON")).toContainText("<receipt secret>");
  await shoot(page, "message");

  await page.goto("/");
  await expect(page.getByRole("link", { name: `Reports ${tail}` }).first()).toBeVisible();
  expect(Number((await page.getByTestId("sent-Today").textContent())!.replaceAll(",", ""))).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId("outcomes-chart").locator("svg").first()).toBeVisible();
  // Per network, over 30 days: this batch's three networks, each fully delivered today.
  const networks = page.getByRole("region", { name: "By network" });
  for (const name of ["Safaricom", "Airtel", "Telkom"])
    await expect(networks.getByTestId(`network-rate-${name}`)).not.toHaveText("—");
  await expect(networks.getByTestId("operator-chart").locator("svg").first()).toBeVisible();
  await shoot(page, "overview");
  expect(violations).toEqual([]);
});

test("a viewer reads the overview, batch and message pages but not the receipt log (403); unknown messages are 404", async ({
  page,
  seedUser,
  db,
}) => {
  const viewer = await seedUser("VIEWER");
  // A batch of its own, written as dispatch would have left it: one message delivered.
  const { rows: batches } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', 'Viewer batch', id, 'Hello', 'TUMA', 'COMPLETED', now(), now() FROM "ProviderAccount" LIMIT 1 RETURNING id`,
  );
  const batchId = batches[0]!.id;
  const { rows: messages } = await db.query<{ id: string }>(
    `INSERT INTO "Message" ("batchId", phone, state, operator, "submittedAt", "receiptAt", "deliveryStatus", "providerUniqueId")
     VALUES ($1, '254712999001', 'DELIVERED', 'Safaricom', now(), now(), 'DeliveredToTerminal', 'viewer-uid') RETURNING id::text AS id`,
    [batchId],
  );
  await db.query(`UPDATE "Batch" SET "recipientCount" = 1 WHERE id = $1`, [batchId]);
  await logIn(page, viewer);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Receipts" })).toHaveCount(0);
  expect((await page.goto("/"))?.status()).toBe(200);
  expect((await page.goto("/receipts"))?.status()).toBe(403);
  expect((await page.goto(`/batches/${batchId}`))?.status()).toBe(200);
  await expect(page.getByTestId("rate-Safaricom")).toHaveText("100.0 %");
  expect((await page.request.get(`/api/batches/${batchId}/report`)).status()).toBe(200);
  expect((await page.request.get("/api/batches/not-a-uuid/report")).status()).toBe(404);
  expect((await page.goto(`/messages/${messages[0]!.id}`))?.status()).toBe(200);
  await expect(page.getByText("No receipt received for this message.")).toBeVisible();
  for (const bad of ["999999999999", "abc", "-1", "99999999999999999999"]) {
    const response = await page.goto(`/messages/${bad}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  }
});

test("a scheduled batch cancelled on its page: the badge changes in place, without a reload", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "scheduledAt", "recipientCount", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', 'Tomorrow''s reminder', id, 'Hello', 'TUMA', 'SCHEDULED', now() + interval '1 day', 0, now()
     FROM "ProviderAccount" WHERE "isDefault" LIMIT 1 RETURNING id`,
  );
  await logIn(page, operator);
  await page.goto(`/batches/${rows[0]!.id}`);
  await expect(page.getByTestId("batch-state")).toHaveText("scheduled");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cancelled" })).toBeVisible();
  await expect(page.getByTestId("batch-state")).toHaveText("cancelled");
  await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});
