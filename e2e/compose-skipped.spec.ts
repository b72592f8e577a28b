// Compose never presents a skipped recipient as receiving the text (issue 35 item 5): with a pasted opted-out number
// and one the duplicate-send guard leaves out, the preview names the first number that will get it and says how many
// are left out and why, and the plan's recipients, provider requests and units count only those sent; with everyone
// skipped, Send is disabled with the sentence saying why, until the operator includes the guard's recipient.
import fs from "node:fs";
import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, logIn, openCompose, test } from "./fixtures";

const TEXT = "Kliniki ya Jumatatu imehamia Block C (skipped e2e).";

const shot = async (page: Page, name: string) => {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
};

test("the preview and the plan leave out the opted out and the recently sent; nobody left disables Send with why", async ({
  page,
  seedUser,
  db,
}) => {
  const tail = String(randomInt(1_000, 9_999));
  const [optedOut, recent, first, second] = [1, 2, 3, 4].map((k) => `2547195${k}${tail}`);
  const typed = (stored: string) => `0${stored!.slice(3)}`;
  await db.query(`INSERT INTO "OptOut" (phone, reason) VALUES ($1, 'STOP') ON CONFLICT DO NOTHING`, [optedOut]);
  // Sent this very text a minute ago, as a batch remembers it (lib/batches/duplicate-guard.ts rememberSent).
  await db.query(
    `INSERT INTO "SentText" ("textHash", phone, "sentAt", "batchId")
     VALUES (('x' || left(md5($1), 16))::bit(64)::bigint, $2, now() - interval '1 minute', $3)`,
    [TEXT, recent, randomUUID()],
  );
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCompose(page);
  await page.getByLabel("Batch name").fill("Block C, skipped");
  await page.getByLabel("Message").fill(TEXT);
  await page.getByLabel("Recipients").fill([optedOut!, recent!, first!, second!].map(typed).join("\n"));

  // The preview starts at the first number that will get the text, and says who is left out and why.
  const preview = page.getByTestId("preview");
  await expect(preview.getByTestId("preview-who")).toHaveText(
    "As the first 2 recipients who will get it receive it. Left out and not shown: 2 (1 opted out, 1 sent this text recently).",
  );
  const rows = preview.getByRole("table", { name: "Preview" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText(first!);
  await expect(rows.nth(2).getByRole("cell").first()).toHaveText(second!);
  // The plan counts the two who are sent it.
  await expect(page.getByTestId("plan-recipients")).toHaveText("2");
  await expect(page.getByTestId("plan-requests")).toHaveText("1");
  await expect(page.getByTestId("plan-units")).toHaveText("2");
  await expect(page.getByRole("button", { name: "Send to 2 recipients…" })).toBeEnabled();
  await shot(page, "compose-skipped-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "compose-skipped-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Only the skipped two: nobody to send to, and the sentence says why.
  await page.getByLabel("Recipients").fill([optedOut!, recent!].map(typed).join("\n"));
  await expect(page.getByTestId("nobody")).toHaveText(
    "Nobody to send to: every number is skipped (1 opted out, 1 sent this text recently). To send to the 1 who had this text recently, tick “Send to them anyway” above and say why.",
  );
  await expect(page.getByRole("button", { name: "Send to 0 recipients…" })).toBeDisabled();
  await expect(preview.getByTestId("preview-who")).toHaveText(
    "Nobody will get this message. Left out and not shown: 2 (1 opted out, 1 sent this text recently).",
  );
  await expect(preview.getByRole("table", { name: "Preview" }).getByRole("row")).toHaveCount(1);
  await expect(page.getByTestId("plan-recipients")).toHaveText("0");
  await expect(page.getByTestId("plan-requests")).toHaveText("0");
  await expect(page.getByTestId("plan-units")).toHaveText("0");
  await shot(page, "compose-all-skipped-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "compose-all-skipped-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Including the guard's recipient: it is previewed and counted again; the opted-out number never is.
  await page.getByTestId("duplicates").getByLabel("Send to them anyway").check();
  await expect(page.getByTestId("nobody")).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText(recent!);
  await expect(page.getByTestId("plan-recipients")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Send to 1 recipient…" })).toBeEnabled();
});
