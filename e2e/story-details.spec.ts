// Issue 35's small untruths, through the real console: the duplicate guard says how many of those it leaves out never
// got the text and links the earlier batch's Resend, which opens on arrival; leaving Lists mid-upload when the list
// is in fact already saved says so by name (not "nothing is stored"), and leaving keeps it.
import { expect, logIn, openCompose, test } from "./fixtures";

const TEXT = "Clinic moved to Block C: never-got e2e.";

test("the duplicate guard counts who never got the text and links the earlier batch's Resend", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("Block C notice");
  await page.getByLabel("Message").fill(TEXT);
  await page.getByLabel("Recipients").fill("0719400001\n0719400002\n0719400003");
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await page.getByRole("button", { name: "Send 3 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const first = page.url().split("/").pop()!;
  // Every receipt in (the sandbox delivers them), then one of them failed, as a receipt would have said.
  await expect
    .poll(
      async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM "Message" m JOIN "Batch" b ON b.id = m."batchId"
             WHERE m."batchId" = $1 AND m.state = 'DELIVERED' AND b.state = 'COMPLETED'`,
            [first],
          )
        ).rows[0]!.n,
      { timeout: 60_000 },
    )
    .toBe(3);
  await db.query(
    `UPDATE "Message" SET state = 'FAILED', "failureClass" = 'ABSENT' WHERE "batchId" = $1 AND phone = '254719400002'`,
    [first],
  );

  await openCompose(page);
  await page.getByLabel("Batch name").fill("Block C notice again");
  await page.getByLabel("Message").fill(TEXT);
  await page.getByLabel("Recipients").fill("0719400001\n0719400002\n0719400003\n0719400004");
  const guard = page.getByTestId("duplicates");
  await expect(guard).toContainText("3 recipient(s) were sent this exact text in the last 24 hours.");
  await expect(guard.getByTestId("never-got")).toContainText(
    "1 of them never got it (failed or no receipt): Resend reaches them, without sending again to the others — Resend “Block C notice” (1).",
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await guard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/screenshots/duplicate-never-got-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await guard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/screenshots/duplicate-never-got-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The link opens the earlier batch with its Resend open, offering the one who failed.
  await guard.getByRole("link", { name: "Resend “Block C notice”" }).click();
  await expect(page).toHaveURL(new RegExp(`/batches/${first}#resend$`));
  await expect(page.getByText("Resend to recipients without a delivery")).toBeVisible({ timeout: 30_000 });
});

test("leaving Lists while a saved list's answer is still on its way says it is saved, by name, and keeps it", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  // The server stores the list; its answer is held back here, so the page still shows the upload running.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/lists\?/, async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  const name = `Saved before leaving ${Math.floor(Math.random() * 100_000)}`;
  await page.getByLabel("List name").fill(name);
  await page.getByLabel("List file").setInputFiles({
    name: "held.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("phone,name\n0711500001,Amina\n0711500002,Baraka\n"),
  });
  await expect(page.getByTestId("upload-progress")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await db.query<{ state: string }>(`SELECT state FROM "List" WHERE name = $1`, [name])).rows[0]?.state ?? null,
      { timeout: 30_000 },
    )
    .toBe("READY");

  const asked = page.waitForEvent("dialog").then(async (dialog) => {
    const seen = [dialog.type(), dialog.message()];
    await dialog.accept();
    return seen;
  });
  await page.getByRole("link", { name: "Compose", exact: true }).first().click();
  expect(await asked).toEqual([
    "confirm",
    `The list “${name}” is already saved: you will find it on the Lists page, and leaving keeps it. Leave this page?`,
  ]);
  await expect(page).toHaveURL(/\/compose/);
  release();
  const { rows } = await db.query<{ state: string }>(`SELECT state FROM "List" WHERE name = $1`, [name]);
  expect(rows).toEqual([{ state: "READY" }]);
});
