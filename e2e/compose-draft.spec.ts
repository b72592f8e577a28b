// Compose never loses what the operator typed, and nothing that deserves a second look changes on one keystroke
// (issue 35), at a desk (1,280 px) and on a phone (390 px): the draft — message, recipients, options, escalation,
// schedule — survives Back, Forward and a reload (from the form and from the review) until it is discarded; units
// recorded in another tab are seen when the review opens; a batch whose every number is skipped cannot be sent and
// says why; ↓ on a focused role select changes nothing until "Save role".
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, logIn, openCompose, test } from "./fixtures";

/** Server actions are POSTs carrying a Next-Action header: counted from the start. */
function countActions(page: Page): () => number {
  let sent = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) sent++;
  });
  return () => sent;
}

const shot = async (page: Page, name: string) => {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
};

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the draft survives Back, Forward and reload — from the form and from the review — until discarded", async ({
      page,
      seedUser,
    }) => {
      const operator = await seedUser("OPERATOR");
      const tail = `${width}`.padStart(4, "0");
      const numbers = `0712${tail}11\n0712${tail}12\n0712 ${tail} 1`;
      await logIn(page, operator);
      await openCompose(page);
      await page.getByLabel("Batch name").fill("Draft check");
      await page.getByLabel("Message").fill("Kliniki inafunguliwa saa mbili kesho.");
      await page.getByLabel("Recipients").fill(numbers);
      await page.getByLabel("Call whoever the SMS does not reach").check();
      await page.getByLabel("Call if not delivered within (minutes)").fill("45");
      await page.getByLabel("Send later (optional)").fill("2031-03-04T09:30");
      const draft = page.getByTestId("draft-status");
      await expect(draft).toHaveText("This draft is kept in this browser tab until it is sent or discarded.");

      const expectKept = async () => {
        await expect(page.getByLabel("Batch name")).toHaveValue("Draft check");
        await expect(page.getByLabel("Message")).toHaveValue("Kliniki inafunguliwa saa mbili kesho.");
        await expect(page.getByLabel("Recipients")).toHaveValue(numbers);
        await expect(page.getByLabel("Call whoever the SMS does not reach")).toBeChecked();
        await expect(page.getByLabel("Call if not delivered within (minutes)")).toHaveValue("45");
        await expect(page.getByLabel("Send later (optional)")).toHaveValue("2031-03-04T09:30");
        await expect(page.getByRole("button", { name: "Schedule for 2 recipients…" })).toBeEnabled();
      };

      // Back to the Overview and Forward again; then a reload.
      await page.goBack();
      await expect(page).not.toHaveURL(/\/compose$/);
      await page.goForward();
      await expect(page).toHaveURL(/\/compose$/);
      await expectKept();
      await page.reload();
      await expectKept();
      await expect(page.getByTestId("draft-status")).toHaveText(
        "Your draft was restored. This draft is kept in this browser tab until it is sent or discarded.",
      );

      // From the review: the browser's Back leaves Compose; Forward brings the form back as it was.
      await page.getByRole("button", { name: "Schedule for 2 recipients…" }).click();
      await expect(page.getByTestId("review")).toBeVisible();
      await page.goBack();
      await expect(page).not.toHaveURL(/\/compose$/);
      await page.goForward();
      await expectKept();
      await shot(page, `compose-draft-${width}`);

      // Discard asks first; then the form is empty, and stays empty after a reload.
      await page.getByRole("button", { name: "Discard draft" }).click();
      await expect(
        page.getByText("Discard this draft? The message, the recipients and every option typed are cleared"),
      ).toBeVisible();
      await page.getByRole("button", { name: "Discard the draft" }).click();
      await expect(page.getByLabel("Message")).toHaveValue("");
      await expect(page.getByLabel("Recipients")).toHaveValue("");
      await expect(page.getByLabel("Batch name")).toHaveValue("");
      await expect(page.getByTestId("draft")).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("button", { name: /^Send to 0 recipients…$/ })).toBeEnabled();
      await expect(page.getByLabel("Message")).toHaveValue("");
      await expect(page.getByTestId("draft")).toHaveCount(0);
    });

    test("every number skipped: Send is disabled, with a sentence saying why", async ({ page, seedUser, db }) => {
      const operator = await seedUser("OPERATOR");
      const tail = `${width}`.padStart(4, "0");
      const phones = [`254713${tail}21`, `254713${tail}22`];
      for (const phone of phones)
        await db.query(`INSERT INTO "OptOut" (phone, reason) VALUES ($1, 'STOP') ON CONFLICT DO NOTHING`, [phone]);
      await logIn(page, operator);
      await openCompose(page);
      await page.getByLabel("Batch name").fill("Nobody left");
      await page.getByLabel("Message").fill("Nobody gets this one.");
      await page.getByLabel("Recipients").fill(phones.map((p) => `0${p.slice(3)}`).join("\n"));
      await expect(page.getByTestId("nobody")).toHaveText("Nobody to send to: every number is skipped (2 opted out).");
      await expect(page.getByRole("button", { name: "Send to 0 recipients…" })).toBeDisabled();
      // The preview shows nobody who will not get the text; the plan asks the provider nothing.
      await expect(page.getByTestId("preview").getByRole("row")).toHaveCount(1);
      await expect(page.getByTestId("plan-requests")).toContainText("0");
      await shot(page, `compose-nobody-${width}`);
    });

    test("a role select needs Save: ↓ on a focused select changes nothing on the server", async ({
      page,
      seedUser,
      db,
    }) => {
      const admin = await seedUser("ADMIN");
      const viewer = await seedUser("VIEWER");
      const actions = countActions(page);
      await logIn(page, admin);
      await page.goto("/users");
      const row = page.getByRole("row").filter({ hasText: viewer.email });
      const select = row.getByLabel(`Role of ${viewer.email}`, { exact: true });
      await select.focus();
      await page.keyboard.press("ArrowDown");
      await expect(select).toHaveValue("OPERATOR");
      await expect(row.getByTestId("role-change")).toHaveText(
        `${viewer.email} becomes an operator (now a viewer) when saved.`,
      );
      await page.keyboard.press("ArrowDown");
      await expect(row.getByTestId("role-change")).toHaveText(
        `${viewer.email} becomes an admin (now a viewer) when saved.`,
      );
      await shot(page, `users-role-save-${width}`);
      expect(actions()).toBe(0);
      const role = async () =>
        (await db.query<{ role: string }>(`SELECT role::text FROM "User" WHERE id = $1`, [viewer.id])).rows[0]!.role;
      expect(await role()).toBe("VIEWER");

      // Cancel puts it back; Save applies the one chosen, and only then.
      await row.getByRole("button", { name: "Cancel" }).click();
      await expect(select).toHaveValue("VIEWER");
      await expect(row.getByTestId("role-change")).toHaveCount(0);
      await select.selectOption("OPERATOR");
      await row.getByRole("button", { name: `Save the role of ${viewer.email}: an operator` }).click();
      await expect(row.getByText("Role changed to operator.")).toBeVisible();
      await expect(row.getByRole("button", { name: `Save the role of ${viewer.email}: an operator` })).toHaveCount(0);
      expect(await role()).toBe("OPERATOR");
      expect(actions()).toBe(1);
    });
  });
}

test("units recorded in another tab are seen when the review opens, without a reload", async ({
  page,
  seedUser,
  db,
}) => {
  const tag = randomBytes(3).toString("hex");
  const name = `Draft units ${tag}`;
  // An account of this spec's own; connection refused at once (nothing here is sent).
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", senders,
       "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9/api/v1', 'x', 'xxxx', 'DRAFT', '{DRAFT}', '254700000000', $2, now())
     RETURNING id`,
    [name, `draft-${tag}`],
  );
  const accountId = rows[0]!.id;
  await db.query(`INSERT INTO "UnitPurchase" ("accountId", units) VALUES ($1, 2)`, [accountId]);
  await logIn(page, await seedUser("OPERATOR"));
  await openCompose(page);
  await page.getByLabel("Provider account").selectOption({ label: name });
  await page.getByLabel("Batch name").fill(`Units ${tag}`);
  await page.getByLabel("Message").fill(`Units re-read ${tag}`);
  await page.getByLabel("Recipients").fill("0719352001\n0719352002\n0719352003");
  await expect(page.getByTestId("budget-line")).toContainText("left after this -1.");

  // Another tab (here, the database) records 5 more units; Send… reads them before the review opens.
  await db.query(`INSERT INTO "UnitPurchase" ("accountId", units) VALUES ($1, 5)`, [accountId]);
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await expect(page.getByTestId("review")).toBeVisible();
  await expect(page.getByText(/The batch does not fit the account's units\./)).toHaveCount(0);
  await page.getByRole("button", { name: "Back to edit" }).click();
  await expect(page.getByTestId("budget-line")).toContainText("balance 7;");
  await expect(page.getByTestId("budget-line")).toContainText("left after this 4.");
});

test("until the page runs, Compose's fields are disabled: nothing typed into the server's HTML can be lost", async ({
  page,
  logInAs,
}) => {
  await logInAs(page, "OPERATOR");
  // The page's scripts are held, so the browser shows the server's HTML with no React behind it — as a slow
  // machine does for a while — then released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/compose", { waitUntil: "commit" });
  const name = page.getByLabel("Batch name");
  await expect(name).toBeDisabled();
  await expect(page.getByLabel("Message")).toBeDisabled();
  await expect(page.getByLabel("Recipients")).toBeDisabled();
  release();
  await expect(name).toBeEnabled();
  await name.fill("Typed once it runs");
  await page.getByLabel("Message").fill("Kept.");
  await expect(name).toHaveValue("Typed once it runs");
  await expect(page.getByRole("button", { name: /^Send to / })).toBeEnabled();
});
