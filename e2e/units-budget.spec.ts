// The units budget through the browser (docs/units-budget.md), on an account of this spec's own (the others share the
// default one): an administrator records units in Settings → Units — resuming a batch the provider paused for lack
// of units — and sets the overview's warning; Compose shows "needs N; balance B; committed C; left after this D",
// refuses an operator's batch one unit over and sends one that exactly fits; an administrator sends one over the
// budget only with a reason, which the audit keeps.
import { randomBytes } from "node:crypto";
import { expect, logIn, openCompose, test } from "./fixtures";

test("units recorded, the warning, a batch that fits, one unit over, and an administrator's override with a reason", async ({
  page,
  seedUser,
  db,
}) => {
  const tag = randomBytes(3).toString("hex");
  const name = `Units ${tag}`;
  // Connection refused at once: the batches this spec creates never reach a provider (nothing here is about sending).
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", senders,
       "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9/api/v1', 'x', 'xxxx', 'UNITS', '{UNITS}', '254700000000', $2, now())
     RETURNING id`,
    [name, `units-${tag}`],
  );
  const accountId = rows[0]!.id;
  const { rows: paused } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "pauseReason", "updatedAt")
     VALUES (gen_random_uuid(), 'SMS', $2, $1, 'Paused by the provider', 'UNITS', 'PAUSED',
             'Out of units: the provider refused to queue more messages (402 Insufficient units.).', now())
     RETURNING id`,
    [accountId, `Paused ${tag}`],
  );

  // The administrator records 5 units (resuming the batch the provider paused) and a warning below 10 left.
  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await page.goto("/settings/units");
  const section = page.getByRole("region", { name: `Units of ${name}` });
  await expect(section).toContainText("No units recorded yet");
  await section.getByLabel("Units bought").fill("5");
  await section.getByLabel("Note").fill(`Invoice ${tag}`);
  await expect(section.getByLabel(/Resume the 1 batch paused/)).toBeChecked();
  await section.getByRole("button", { name: "Record units" }).click();
  await expect(section).toContainText("Recorded 5 units. Resumed 1 batch paused for lack of units.");
  await expect(section.getByTestId(`units-${name}`)).toContainText("Balance5");
  await expect(section.getByRole("cell", { name: `Invoice ${tag}` })).toBeVisible();
  const { rows: resumed } = await db.query<{ state: string; pauseReason: string | null }>(
    `SELECT state::text, "pauseReason" FROM "Batch" WHERE id = $1`,
    [paused[0]!.id],
  );
  expect(resumed[0]!.state).not.toBe("PAUSED");
  expect(resumed[0]!.pauseReason).toBeNull();
  await section.getByLabel("Warn below (units left)").fill("10");
  await section.getByRole("button", { name: "Save warning" }).click();
  await expect(section).toContainText("The overview warns below 10 units left.");
  await page.goto("/");
  await expect(page.getByTestId("low-units")).toContainText(
    `${name}: 5 units left after scheduled and running batches`,
  );

  // An operator: six numbers are one unit over and refused before the review; five exactly fit and are sent.
  await page.context().clearCookies();
  await logIn(page, await seedUser("OPERATOR"));
  await openCompose(page);
  await page.getByLabel("Provider account").selectOption({ label: name });
  await page.getByLabel("Batch name").fill(`Fits ${tag}`);
  await page.getByLabel("Message").fill(`Units budget e2e ${tag}`);
  const numbers = Array.from({ length: 6 }, (_, i) => `07193510${String(i).padStart(2, "0")}`);
  await page.getByLabel("Recipients").fill(numbers.join("\n"));
  const line = page.getByTestId("budget-line");
  await expect(line).toContainText(
    "Needs 6 units; balance 5; committed to scheduled and running batches 0; left after this -1.",
  );
  await expect(line).toContainText("ask an administrator");
  await expect(line.getByLabel(/Send it anyway/)).toHaveCount(0);
  await page.getByRole("button", { name: "Send to 6 recipients…" }).click();
  await expect(page.getByText(/The batch does not fit the account's units\./)).toBeVisible();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await page.getByLabel("Recipients").fill(numbers.slice(0, 5).join("\n"));
  await expect(line).toContainText("left after this 0.");
  await page.getByRole("button", { name: "Send to 5 recipients…" }).click();
  await page.getByRole("button", { name: "Send 5 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });

  // The administrator: two more numbers do not fit (5 committed); ticking "send anyway" needs a reason.
  await page.context().clearCookies();
  await logIn(page, admin);
  await openCompose(page);
  await page.getByLabel("Provider account").selectOption({ label: name });
  await page.getByLabel("Batch name").fill(`Over ${tag}`);
  await page.getByLabel("Message").fill(`Units budget e2e override ${tag}`);
  await page.getByLabel("Recipients").fill("0719351010\n0719351011");
  await expect(line).toContainText("balance 5; committed to scheduled and running batches 5; left after this -2.");
  await line.getByLabel("Send it anyway, over the units budget (administrator)").check();
  await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
  await expect(line.getByText("Say why this batch may go over the units budget")).toBeVisible();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await line.getByLabel("Why it may go over the budget").fill(`Outage notice ${tag}`);
  await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
  await page.getByRole("button", { name: "Send 2 text messages" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const batchId = page.url().split("/").pop()!;
  const { rows: audit } = await db.query<{ detail: Record<string, unknown> }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'units.override' AND "targetId" = $1`,
    [batchId],
  );
  expect(audit[0]?.detail).toMatchObject({
    needs: 2,
    balance: 5,
    committed: 5,
    left: -2,
    reason: `Outage notice ${tag}`,
  });
});
