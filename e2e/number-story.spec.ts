// One number's story through the browser (issue 38): the "I never got it" call answered from the header's search —
// the number typed as the caller says it, Find, then the message — the number's page at 1280 and 390 px, a
// non-number told why, and an administrator's subject access download naming the number, who made it and when.
// (Erasure is not built yet.) Messages are written as dispatch and the receipts applier leave them.
import fs from "node:fs";
import { expect, logIn, test } from "./fixtures";

test("the header search opens the number's story; its message is one click on; subject access downloads it", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const tail = String(Date.now()).slice(-6);
  const phone = `254711${tail}`;
  const spoken = `0711 ${tail.slice(0, 3)} ${tail.slice(3)}`;
  const { rows: accounts } = await db.query<{ id: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9', 'x', 'xxxx', 'CLINIC', '254700000000', $1, now()) RETURNING id`,
    [`story-${tail}`],
  );
  const { rows: batches } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "updatedAt")
     VALUES (gen_random_uuid(), 'SMS', $1, $2, 'Your appointment is tomorrow at 9:00.', 'CLINIC', 'COMPLETED', now() - interval '1 day', now())
     RETURNING id`,
    [`Appointments ${tail}`, accounts[0]!.id],
  );
  const { rows: sent } = await db.query<{ id: string }>(
    `INSERT INTO "Message" ("batchId", phone, state, "failureClass", "deliveryStatus", "submittedAt", "receiptAt", "smsUnits", operator)
     VALUES ($1, $2, 'FAILED', 'ABSENT', 'AbsentSubscriber', now() - interval '1 day', now() - interval '23 hours', 1, 'Safaricom')
     RETURNING id::text`,
    [batches[0]!.id, phone],
  );

  await logIn(page, admin);
  await page.goto("/");
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Find a number" });
  await search.click(); // 1
  await search.fill(spoken);
  await page.getByRole("banner").getByRole("button", { name: "Find" }).click(); // 2
  await expect(page).toHaveURL(new RegExp(`/numbers/${phone}$`));
  await expect(page.getByTestId("number-summary")).toHaveText(/^1 message since \d{1,2} \w{3} \d{4}; 0 delivered\.$/);
  const row = page.getByTestId("number-message");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Appointments ${tail}`);
  await expect(row).toContainText("Your appointment is tomorrow at 9:00.");
  await expect(row).toContainText("failed");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "e2e/screenshots/number-story-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "e2e/screenshots/number-story-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Everything held (JSON)" }).click();
  const file = JSON.parse(fs.readFileSync(await (await download).path(), "utf8")) as {
    header: { subject: string; made_by: string };
    messages: { id: string; text: string }[];
  };
  expect(file.header.subject).toBe(phone);
  expect(file.header.made_by).toContain(admin.email);
  expect(file.messages.map((m) => [m.id, m.text])).toEqual([[sent[0]!.id, "Your appointment is tomorrow at 9:00."]]);
  const { rows: audit } = await db.query(
    `SELECT 1 FROM "AuditEvent" WHERE action = 'export.subject_access' AND "targetId" = $1 AND "actorId" = $2`,
    [phone, admin.id],
  );
  expect(audit).toHaveLength(1);

  await row.getByRole("link", { name: `message ${sent[0]!.id}` }).click(); // 3
  await expect(page).toHaveURL(new RegExp(`/messages/${sent[0]!.id}$`));
  await expect(page.getByTestId("message-state")).toHaveText("failed");

  await search.fill("Amina");
  await page.getByRole("banner").getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("“Amina” is not a phone number");
});
