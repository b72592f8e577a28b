// Erasure through the browser (issue 38 item 5, "erasure with its confirmation, then the number found nowhere"): an
// administrator opens a number that has messages in two batches, a list row and an opt-out; "Forget this number…"
// names what will go per kind and will not go on without a reason; once confirmed, the number's page, the header's
// search, each batch page's recipient search and the batch's CSV export find it nowhere, while the batches' totals and
// delivery reports read exactly as before. Messages are written as dispatch and the receipts applier leave them; the
// batches' counters come from the trigger on Message, as in production.
import { expect, logIn, test } from "./fixtures";

test("forgetting a number names what goes, needs a reason, and leaves it found nowhere with totals unchanged", async ({
  page,
  seedUser,
  db,
}) => {
  const admin = await seedUser("ADMIN");
  const tail = String(Date.now()).slice(-6);
  const phone = `254713${tail}`;
  const local = `0713${tail}`;
  const other = `254723${tail}`;
  const { rows: accounts } = await db.query<{ id: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9', 'x', 'xxxx', 'CLINIC', '254700000000', $1, now()) RETURNING id`,
    [`erase-${tail}`],
  );
  const { rows: lists } = await db.query<{ id: string }>(
    `INSERT INTO "List" (id, filename, name, "sizeBytes", state, columns, "phoneColumn", "rowCount", "validCount")
     VALUES (gen_random_uuid(), 'patients.csv', $1, 64, 'READY', ARRAY['phone','name'], 'phone', 2, 2) RETURNING id`,
    [`Patients ${tail}`],
  );
  const listId = lists[0]!.id;
  await db.query(
    `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, values) VALUES ($1, 1, $2, $3), ($1, 2, $4, $5)`,
    [listId, phone, JSON.stringify([local, "Wanjiku Erase"]), other, JSON.stringify([`0723${tail}`, "Otieno Stays"])],
  );
  const batch = async (name: string, text: string, list: string | null) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "recipientCount", "listId", "startedAt", "finishedAt", "updatedAt")
         VALUES (gen_random_uuid(), 'SMS', $1, $2, $3, 'CLINIC', 'COMPLETED', 2, $4, now() - interval '2 days', now() - interval '2 days', now())
         RETURNING id`,
        [name, accounts[0]!.id, text, list],
      )
    ).rows[0]!.id;
  const first = await batch(`Reminders ${tail}`, "Your appointment is tomorrow.", null);
  const second = await batch(`Results ${tail}`, "Your results are ready.", listId);
  await db.query(
    `INSERT INTO "Message" ("batchId", phone, state, "failureClass", "deliveryStatus", "createdAt", "submittedAt", "receiptAt", "smsUnits", operator, "listRow")
     SELECT "batchId", phone, state::"MessageState", "failureClass", "deliveryStatus", at, at, at, 1, 'Safaricom', "listRow"
     FROM (VALUES ($1::uuid, $3, 'DELIVERED', NULL, 'DeliveredToTerminal', now() - interval '2 days', NULL::int),
                  ($1::uuid, $4, 'FAILED', 'ABSENT', 'AbsentSubscriber', now() - interval '2 days', NULL::int),
                  ($2::uuid, $3, 'FAILED', 'ABSENT', 'AbsentSubscriber', now() - interval '1 day', 1),
                  ($2::uuid, $4, 'DELIVERED', NULL, 'DeliveredToTerminal', now() - interval '1 day', 2))
          AS x("batchId", phone, state, "failureClass", "deliveryStatus", at, "listRow")`,
    [first, second, phone, other],
  );
  await db.query(`INSERT INTO "OptOut" (phone, reason, source) VALUES ($1, 'asked on the phone', 'operator')`, [phone]);
  // Stored outcomes raise webhook deliveries (the trigger on Message) to whatever endpoints other specs of the run have
  // registered, in the same statement: counted here, as the confirmation must count them.
  const namingIt = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE strpos(payload::text, $1) > 0`,
        [phone],
      )
    ).rows[0]!.n;
  const deliveries = await namingIt();

  await logIn(page, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Before: each batch page's totals and report, its recipient search by number (and by the list's name cell), and
  // its export, all find the number.
  const totals = new Map<string, string[]>();
  const recipients = page.getByRole("region", { name: "Recipients" });
  // Each figure as shown, without the report's "As of 10:41:07 (…)" lines: when it was read may differ.
  const batchFigures = async () =>
    Promise.all(
      ["Progress", "Reached", "By operator", "Failure reasons"].map(async (name) =>
        (await page.getByRole("region", { name }).innerText()).replace(/^As of .*$/gm, "").trim(),
      ),
    );
  const openBatch = async (id: string) => {
    await page.goto(`/batches/${id}`);
    await expect(page.getByTestId("count-DELIVERED")).toHaveText("1");
    await expect(page.getByTestId("reached")).toBeVisible();
    await expect(recipients.getByRole("row")).toHaveCount(3); // header + both recipients
  };
  const search = async (q: string) => {
    await recipients.getByLabel("Find").fill(q);
    await recipients.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q)}`));
  };
  const exported = async (id: string) => (await page.request.get(`/api/batches/${id}/export`)).text();
  for (const id of [first, second]) {
    await openBatch(id);
    totals.set(id, await batchFigures());
    await search(local);
    await expect(recipients.getByRole("row")).toHaveCount(2);
    await expect(recipients.getByRole("cell", { name: phone })).toBeVisible();
    const csv = await exported(id);
    expect(csv).toContain(phone);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
  }
  await search("Wanjiku");
  await expect(recipients.getByRole("cell", { name: phone })).toBeVisible();

  // The number's page: two messages, its opt-out, its list; the confirmation names what goes, per kind.
  await page.goto(`/numbers/${phone}`);
  await expect(page.getByTestId("number-message")).toHaveCount(2);
  await expect(page.getByTestId("number-opt-out")).toContainText("asked on the phone");
  await page.getByRole("button", { name: "Forget this number…" }).click();
  const counts = page.getByTestId("forget-counts");
  await expect(counts).toHaveText(
    `Forget ${phone}? This removes its number and texts from 2 messages with their texts, 0 receipts about them, ` +
      `0 unmatched receipts naming it, 1 list row, 0 escalation call records, ${deliveries} webhook ` +
      `${deliveries === 1 ? "delivery" : "deliveries"} naming it and its opt-out. Batch totals and reports stay as they ` +
      "are. It cannot be undone.",
  );
  const confirm = page.getByRole("button", { name: "Forget this number", exact: true });
  await expect(confirm).toBeDisabled(); // no reason, no erasure
  await page.getByLabel("Why (kept in the audit log, without the number)").fill("   ");
  await expect(confirm).toBeDisabled(); // nor a blank one
  await page.getByLabel("Why (kept in the audit log, without the number)").fill("Data subject's deletion request");
  await expect(confirm).toBeEnabled();
  const group = page.getByRole("group", { name: `Forget ${phone}?`, exact: false });
  await group.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/screenshots/number-erase-confirm-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/number-erase-confirm-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirm.click();
  await expect(page.getByRole("status").filter({ hasText: "Forgotten:" })).toContainText(
    "Forgotten: 2 messages with their texts",
  );

  // After: the number's page, reached from the header's search, finds nothing: no message, no opt-out, no list.
  const find = page.getByRole("banner").getByRole("searchbox", { name: "Find a number" });
  await find.fill(local);
  await page.getByRole("banner").getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`/numbers/${phone}$`));
  await expect(page.getByTestId("number-summary")).toHaveText("No message has been sent to this number.");
  await expect(page.getByRole("cell", { name: "No message has been sent to this number." })).toBeVisible();
  await expect(page.getByTestId("number-opt-out")).toHaveText("Not opted out: batches send to it.");
  await expect(page.getByRole("region", { name: "Lists" })).toContainText("Not sent to from any saved list.");

  // Each batch: the same totals and report, its other recipient still there and found, the number found by no
  // search and in no export.
  for (const id of [first, second]) {
    await openBatch(id);
    expect(await batchFigures()).toEqual(totals.get(id));
    await search(local);
    await expect(recipients.getByRole("cell", { name: "No recipients here." })).toBeVisible();
    await search(phone);
    await expect(recipients.getByRole("cell", { name: "No recipients here." })).toBeVisible();
    await search(`0723${tail}`);
    await expect(recipients.getByRole("cell", { name: other })).toBeVisible();
    const csv = await exported(id);
    expect(csv).not.toContain(`713${tail}`); // neither 254713… nor 0713… (the list's own cell)
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3); // header + both rows: the erased one without its number
  }
  await search("Wanjiku");
  await expect(recipients.getByRole("cell", { name: "No recipients here." })).toBeVisible();
  const { rows: audit } = await db.query<{ targetId: string; detail: unknown }>(
    `SELECT "targetId", detail FROM "AuditEvent" WHERE action = 'number.erase' AND "actorId" = $1`,
    [admin.id],
  );
  expect(audit).toHaveLength(1);
  expect(JSON.stringify(audit[0])).not.toContain(tail);
  expect(await namingIt()).toBe(0); // the stored webhook payloads no longer name it
});
