// Filters, searches and pages live in the URL (issue 19): reload, Back/Forward and a link opened fresh show the same
// view — a batch's recipients (state filter, search, page), the batches list (name, kind, page) and the audit log.
import { expect, logIn, test } from "./fixtures";
import type { Page } from "@playwright/test";

const phones = async (page: Page) =>
  (await page.getByRole("region", { name: "Recipients" }).getByRole("row").allTextContents())
    .slice(1)
    .map((row) => row.slice(0, 12));

test("a batch's recipients: filter, page 2 and a search survive reload, Back/Forward and a fresh link", async ({
  page,
  browser,
  logInAs,
  db,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', $1, id, 'Hello', 'TUMA', 'COMPLETED', now(), now() FROM "ProviderAccount" LIMIT 1
     RETURNING id`,
    [`Recipients URL ${tag}`],
  );
  const batchId = rows[0]!.id;
  // 60 delivered (pages of 50: the filter's page 2 has 10) and 5 failed.
  await db.query(
    `INSERT INTO "Message" ("batchId", phone, state, text)
     SELECT $1, '2547' || lpad((30000000 + g)::text, 8, '0'), CASE WHEN g % 13 = 0 THEN 'FAILED' ELSE 'DELIVERED' END::"MessageState", 'Hello'
     FROM generate_series(1, 65) g`,
    [batchId],
  );
  await logInAs(page, "OPERATOR");
  await page.goto(`/batches/${batchId}`);
  const recipients = page.getByRole("region", { name: "Recipients" });
  await expect(recipients.getByRole("row")).toHaveCount(51);

  await recipients.getByLabel("Show").selectOption("DELIVERED");
  await expect(page).toHaveURL(/[?&]filter=DELIVERED/);
  // The unfiltered first page also has 51 rows: wait until the failed ones are gone, i.e. the filtered page is shown
  // (Next pages after the last row shown).
  await expect(recipients.getByRole("cell", { name: "failed", exact: true })).toHaveCount(0);
  await expect(recipients.getByRole("row")).toHaveCount(51);
  const firstPage = await phones(page);
  await recipients.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]after=\d+/);
  await expect(recipients.getByRole("row")).toHaveCount(11);
  const secondPage = await phones(page);
  expect(secondPage.every((p) => !firstPage.includes(p))).toBe(true);
  const pageTwo = page.url();

  // Reload: the same filter, page and rows, and Previous still leads back.
  await page.reload();
  await expect(recipients.getByLabel("Show")).toHaveValue("DELIVERED");
  await expect(recipients.getByRole("row")).toHaveCount(11);
  expect(await phones(page)).toEqual(secondPage);
  await expect(recipients.getByRole("button", { name: "Previous" })).toBeEnabled();

  // A search, then Back to page 2 and Forward to the search.
  await recipients.getByLabel("Find").fill("0730000002");
  await recipients.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=0730000002/);
  await expect(recipients.getByRole("row")).toHaveCount(2);
  await page.reload();
  await expect(recipients.getByLabel("Find")).toHaveValue("0730000002");
  await expect(recipients.getByRole("row")).toHaveCount(2);
  await expect(recipients.getByRole("cell", { name: "254730000002" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(pageTwo);
  await expect(recipients.getByRole("row")).toHaveCount(11);
  await expect(recipients.getByLabel("Find")).toHaveValue("");
  expect(await phones(page)).toEqual(secondPage);
  await page.goBack();
  await expect(recipients.getByRole("row")).toHaveCount(51);
  expect(await phones(page)).toEqual(firstPage);
  await page.goForward();
  await expect(recipients.getByRole("row")).toHaveCount(11);
  await page.goForward();
  await expect(recipients.getByRole("row")).toHaveCount(2);
  await expect(recipients.getByLabel("Find")).toHaveValue("0730000002");

  // Previous from page 2 opened fresh (a copied link) shows page 1 of the filter.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await logInAs(other, "VIEWER");
  await other.goto(pageTwo);
  const theirs = other.getByRole("region", { name: "Recipients" });
  await expect(theirs.getByLabel("Show")).toHaveValue("DELIVERED");
  await expect(theirs.getByRole("row")).toHaveCount(11);
  expect(await phones(other)).toEqual(secondPage);
  await theirs.getByRole("button", { name: "Previous" }).click();
  await expect(theirs.getByRole("row")).toHaveCount(51);
  expect(await phones(other)).toEqual(firstPage);
  await expect(theirs.getByRole("button", { name: "Previous" })).toBeDisabled();
  await fresh.close();
});

test("the batches list: name, kind and page 2 survive reload, Back/Forward and a fresh link", async ({
  page,
  browser,
  logInAs,
  db,
}) => {
  const tag = `Listed${String(Date.now()).slice(-6)}`;
  // 55 SMS batches, one a second apart (page 2 holds the 5 oldest), and one voice batch of the same name.
  await db.query(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', $1 || ' ' || lpad(g::text, 2, '0'), a.id, 'Hello', 'TUMA', 'COMPLETED',
            now() - make_interval(secs => 100 - g), now()
     FROM generate_series(1, 55) g, (SELECT id FROM "ProviderAccount" LIMIT 1) a`,
    [tag],
  );
  await db.query(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", originator, state, "updatedAt")
     SELECT gen_random_uuid(), 'VOICE', $1 || ' voice', id, 'Hello', '254700000000', 'COMPLETED', now() FROM "ProviderAccount" LIMIT 1`,
    [tag],
  );
  await logInAs(page, "VIEWER");
  await page.goto("/batches");
  const names = () => page.getByRole("table").getByRole("link").allTextContents();
  await page.getByLabel("Name").fill(tag.toLowerCase());
  await page.getByLabel("Kind").selectOption("SMS");
  await page.getByRole("search", { name: "Find batches" }).getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag.toLowerCase()}.*kind=SMS`));
  await expect(page.getByRole("table").getByRole("link")).toHaveCount(50);
  expect((await names())[0]).toBe(`${tag} 55`);
  await page.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/after=[0-9a-f-]{36}/);
  const older = [5, 4, 3, 2, 1].map((n) => `${tag} 0${n}`);
  await expect(page.getByRole("table").getByRole("link")).toHaveText(older);
  const pageTwo = page.url();

  await page.reload();
  await expect(page.getByRole("table").getByRole("link")).toHaveText(older);
  await expect(page.getByLabel("Name")).toHaveValue(tag.toLowerCase());
  await expect(page.getByLabel("Kind")).toHaveValue("SMS");
  await page.goBack();
  await expect(page.getByRole("table").getByRole("link")).toHaveCount(50);
  await page.goForward();
  await expect(page.getByRole("table").getByRole("link")).toHaveText(older);
  await expect(page.getByRole("link", { name: "Older" })).toHaveCount(0);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await logInAs(other, "OPERATOR");
  await other.goto(pageTwo);
  await expect(other.getByRole("table").getByRole("link")).toHaveText(older);
  // The kind filter is what kept the voice batch out.
  await other.goto(`/batches?q=${tag}`);
  await expect(other.getByRole("table").getByRole("link").first()).toHaveText(`${tag} voice`);
  // A hand-made bad filter is refused with a sentence, and the whole list shown.
  await other.goto(`/batches?kind=FAX`);
  await expect(other.getByText("The kind is SMS or VOICE. The filter was ignored.")).toBeVisible();
  await fresh.close();
});

test("the audit log: action filter and page 2 survive reload, Back/Forward and a fresh link", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  await db.query(
    `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", detail)
     SELECT $1, 'template.update', 'Template', gen_random_uuid()::text, jsonb_build_object('name', 'URL audit ' || g) FROM generate_series(1, 60) g`,
    [admin.id],
  );
  await logIn(page, admin);
  await page.goto("/audit");
  await page.getByLabel("Actor").selectOption(admin.id);
  await page.getByLabel("Action").selectOption("template.update");
  await page.getByRole("button", { name: "Filter" }).click();
  const sentences = page.getByTestId("audit-sentence");
  await expect(sentences).toHaveCount(50);
  await page.getByRole("link", { name: "Older" }).click();
  await expect(sentences).toHaveCount(10);
  await expect(sentences.first()).toHaveText("E2E admin changed the template “URL audit 10”.");
  const pageTwo = page.url();
  await page.reload();
  await expect(sentences).toHaveCount(10);
  await expect(page.getByLabel("Action")).toHaveValue("template.update");
  await page.goBack();
  await expect(sentences).toHaveCount(50);
  await page.goForward();
  await expect(sentences).toHaveCount(10);
  await page.goto("/");
  await page.goto(pageTwo);
  await expect(sentences.first()).toHaveText("E2E admin changed the template “URL audit 10”.");
});
