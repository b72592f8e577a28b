// Help inside the console, not a path in the repository (issue 35): the Webhooks page no longer sends the operator to
// docs/webhooks.md, which they cannot open; its help is a page of the console, at a desk and on a phone.
import fs from "node:fs";
import { expect, test } from "./fixtures";

test("the Webhooks page links to its help in the console, and names no repository file", async ({ page, logInAs }) => {
  await logInAs(page, "ADMIN");
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("docs/");
  await page.getByRole("link", { name: "How to receive and check them" }).click();
  await expect(page).toHaveURL(/\/webhooks\/help$/);
  await expect(page.getByRole("heading", { name: "Checking the signature" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Webhook events" })).toContainText("message.delivered");
  await expect(page.locator("main")).not.toContainText("docs/");
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e/screenshots/webhooks-help-${width}.png`, fullPage: true });
  }
});
