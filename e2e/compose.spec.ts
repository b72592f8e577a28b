import { randomBytes } from "node:crypto";
import { expect, logIn, openCompose, test } from "./fixtures";

test("an operator sends an SMS to three numbers and watches them reach DELIVERED, then exports the report", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.getByRole("link", { name: "Compose" }).click();
  await expect(page.getByRole("button", { name: "Send to 0 recipients…" })).toBeEnabled();
  await page.getByLabel("Batch name").fill("E2E hello");
  await page.getByLabel("Message").fill("Habari! This is a test from Tuma.");
  await page.getByLabel("Recipients").fill("0712345678, 254733000111\n711000222");
  await expect(page.getByText("3 numbers —")).toBeVisible();
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await page.getByRole("button", { name: "Send 3 text messages" }).click();

  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "E2E hello" })).toBeVisible();
  // Live: the counters move without a reload as the sandbox's receipts arrive.
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("3");
  await expect(page.getByTestId("batch-state")).toHaveText("finished");
  await expect(page.getByRole("cell", { name: "254712345678" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "DeliveredToTerminal" }).first()).toBeVisible();

  const batchId = page.url().split("/").pop()!;
  const { rows } = await db.query<{ state: string }>(`SELECT state FROM "Message" WHERE "batchId" = $1`, [batchId]);
  expect(rows.map((r) => r.state)).toEqual(["DELIVERED", "DELIVERED", "DELIVERED"]);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = (await import("node:fs")).readFileSync(file, "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "phone,state,delivery_status,correlator,provider_unique_id,operator,sms_units,sent_at,receipt_time,text,error,call_state,reference,metadata,language",
  );
  expect(
    csv
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .every((line) => line.includes("Habari! This is a test from Tuma.")),
  ).toBe(true);
  expect(csv).toContain("254733000111,DELIVERED,DeliveredToTerminal");
});

test("invalid and repeated numbers are named by line as they are typed, left out in the review, and nothing is created until confirmed", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("Bad numbers");
  await page.getByLabel("Message").fill("Hello");
  await page.getByLabel("Recipients").fill("0712345678\n12345; 0812345678\n+254 712 345 678");
  const report = page.getByTestId("pasted-report");
  await expect(report.getByTestId("pasted-valid")).toHaveText("1 number");
  await expect(report.getByTestId("pasted-invalid")).toHaveText("2 not valid");
  await expect(report.getByTestId("pasted-duplicates")).toHaveText("1 repeated");
  await expect(report).toContainText(
    "Line 2, “12345”: too short: 5 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…).",
  );
  await expect(report).toContainText(
    "Line 2, “0812345678”: not a Kenyan mobile number: mobile numbers start with 07 or 01, this one with 08.",
  );
  await report.getByText("Repeated (sent once): 1").click();
  await expect(report).toContainText("Line 3, “+254 712 345 678”: the same number as line 1 (254712345678).");

  await page.getByRole("button", { name: "Send to 1 recipient…" }).click();
  await expect(page.getByTestId("review-skipped")).toHaveText("2 not valid, 1 repeated");
  await expect(page.getByRole("button", { name: "Send 1 text message" })).toBeVisible();
  await page.getByRole("button", { name: "Back to edit" }).click();
  // What the operator typed is still there to fix.
  await expect(page.getByLabel("Recipients")).toHaveValue("0712345678\n12345; 0812345678\n+254 712 345 678");
  await expect(page.getByLabel("Batch name")).toHaveValue("Bad numbers");
  await expect(page.getByLabel("Message")).toHaveValue("Hello");
  await expect(page).toHaveURL(/\/compose$/);
  expect(
    (await db.query(`SELECT count(*)::int AS n FROM "Batch" WHERE "authorId" = $1`, [operator.id])).rows[0].n,
  ).toBe(0);
});

test("a send the server refuses (the sender ID removed while the review was open) keeps everything typed", async ({
  page,
  seedUser,
  db,
}) => {
  const tag = randomBytes(3).toString("hex");
  const name = `Refusal ${tag}`;
  // An account of this test's own (the others share the default one); nothing here reaches a provider.
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", senders,
       "defaultOriginator", "receiptSecret", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9/api/v1', 'x', 'xxxx', 'GONE', '{GONE}', '254700000000', $2, now())
     RETURNING id`,
    [name, `refusal-${tag}`],
  );
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Provider account").selectOption({ label: name });
  await page.getByLabel("Batch name").fill(`Refused ${tag}`);
  await page.getByLabel("Message").fill("Kept after a refusal");
  const typed = "0712 345 601\n0712345602, 12345";
  await page.getByLabel("Recipients").fill(typed);
  await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
  await db.query(`UPDATE "ProviderAccount" SET senders = '{OTHER}' WHERE id = $1`, [rows[0]!.id]);
  await page.getByRole("button", { name: "Send 2 text messages" }).click();

  // The form action ran and React reset the form: the refusal is shown next to its field, and every field, the
  // pasted numbers too (an uncontrolled textarea put back after the reset: components/compose/pasted-numbers.tsx),
  // still holds what was typed.
  await expect(page.getByLabel("Sender ID")).toHaveAccessibleDescription(
    /Choose one of the account's sender IDs: OTHER\./,
  );
  await expect(page.getByLabel("Recipients")).toHaveValue(typed);
  await expect(page.getByTestId("pasted-valid")).toHaveText("2 numbers");
  await expect(page.getByLabel("Batch name")).toHaveValue(`Refused ${tag}`);
  await expect(page.getByLabel("Message")).toHaveValue("Kept after a refusal");
  await expect(page).toHaveURL(/\/compose$/);
  expect((await db.query(`SELECT count(*)::int AS n FROM "Batch" WHERE name = $1`, [`Refused ${tag}`])).rows[0].n).toBe(
    0,
  );
});

test("a past time is flagged as soon as it is picked; a NUL character is refused next to its field before any review", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("Edges");
  await page.getByLabel("Message").fill("Hello\u0000there");
  await page.getByLabel("Recipients").fill("+254 712-345-634, 0712 345 635");
  await expect(page.getByText("2 numbers —")).toBeVisible();
  const field = (label: string) => page.getByLabel(label);
  await field("Send later (optional)").fill("2020-01-01T10:00");
  await expect(field("Send later (optional)")).toHaveAccessibleDescription(/This time has passed/);
  await page.getByRole("button", { name: "Schedule for 2 recipients…" }).click();
  await expect(field("Message")).toHaveAccessibleDescription(/NUL character/);
  await expect(page.getByTestId("review")).toHaveCount(0);
  // The length limit shows as the message is typed.
  await field("Message").fill("x".repeat(1_601));
  await expect(page.getByTestId("message-counter")).toContainText("1,601 / 1,600 characters");
  await expect(field("Message")).toHaveAccessibleDescription(/At most 1,600 characters: 1 too many\./);
  await expect(field("Recipients")).toHaveValue("+254 712-345-634, 0712 345 635");
  expect(
    (await db.query(`SELECT count(*)::int AS n FROM "Batch" WHERE "authorId" = $1`, [operator.id])).rows[0].n,
  ).toBe(0);
});

test("pasting more than 100,000 numbers is refused with a sentence, and the input is kept", async ({
  page,
  seedUser,
}) => {
  await logIn(page, await seedUser("OPERATOR"));
  await openCompose(page);
  const pasted = Array.from({ length: 100_001 }, (_, i) => `07${String(10_000_000 + i).slice(-8)}`).join("\n");
  // As a paste arrives: the whole text in one input event (typing 1.1 MB through fill() takes minutes in Chromium).
  // It returns once the frame after the paste has begun: Chromium lays out all 100,001 lines first (about 2 s on a
  // quiet 2-core machine, more under a full test run), and the assertions' clock starts after that work, not during.
  await page.getByLabel("Recipients").evaluate(async (element, text) => {
    const textarea = element as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(textarea, text);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  }, pasted);
  await expect(page.getByLabel("Recipients")).toHaveAccessibleDescription(
    /100,001 numbers: at most 100,000 can be pasted\. Upload the list as a file instead\./,
  );
  await expect(page.getByRole("button", { name: "Send to 100,001 recipients…" })).toBeDisabled();
  expect((await page.getByLabel("Recipients").inputValue()).length).toBe(pasted.length);
});

test("a viewer cannot compose", async ({ page, seedUser }) => {
  const viewer = await seedUser("VIEWER");
  await logIn(page, viewer);
  const response = await page.goto("/compose");
  expect(response?.status()).toBe(403);
});
