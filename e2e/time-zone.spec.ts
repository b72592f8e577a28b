// One time policy, end to end: the console runs with TZ=America/New_York and its database's sessions default to
// Pacific/Auckland (scripts/test.ts), the browser is in Asia/Tokyo (playwright.config.ts) — and every page shows the
// instants this spec writes in the organisation's zone, East Africa Time, named, and in no other zone. "Send later"
// is typed in East Africa Time and stored as that instant; exports carry ISO 8601 with +03:00.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, logIn, openCompose, test, type SeededUser } from "./fixtures";

// 13:16:30 in Nairobi. In the other zones at play it would read 05:16 (New York), 19:16 (Tokyo), 23:16 (Auckland),
// 10:16 (UTC): none of those may appear.
const CREATED = "2026-03-04T10:16:30Z";
const SENT = "2026-03-04T10:17:05Z"; // 13:17:05 EAT
const RECEIPT = "2026-03-04T10:18:45Z"; // 13:18:45 EAT
const OTHER_ZONES = /4 Mar 2026, (05|19|23|10):1[678]|5 Mar 2026, 0[0-9]:1[678]/;

/** The time's instant in this spec's instants: its <time> elements read exactly as in East Africa Time. */
async function expectEat(scope: Locator, iso: string, text: string) {
  const times = scope.locator(`time[datetime="${new Date(iso).toISOString()}"]`);
  await expect(times.first()).toBeVisible();
  for (const time of await times.all()) await expect(time).toHaveText(text);
  await expect(scope).not.toContainText(OTHER_ZONES);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** What an instant reads as in East Africa Time (UTC+3 all year), worked out here without the console's code. */
function eatReadings(iso: string): string[] {
  const d = new Date(Date.parse(iso) + 3 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  const minute = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  const second = `${minute}:${two(d.getUTCSeconds())}`;
  return [`${day}, ${minute} EAT`, `${day}, ${second} EAT`, `${second} EAT`];
}

/** Every time the page shows, whoever wrote it, reads as its own instant in East Africa Time. */
async function expectEveryTimeEat(page: Page) {
  const times = await page
    .getByRole("main")
    .locator("time[datetime]")
    .evaluateAll((elements) => elements.map((e) => [e.getAttribute("datetime")!, e.textContent ?? ""] as const));
  for (const [iso, text] of times) expect(eatReadings(iso), `${text} for ${iso}`).toContain(text);
  return times.length;
}

test("every page shows the same instants in East Africa Time, whatever the server's and the browser's zones", async ({
  page,
  browser,
  seedUser,
  db,
}) => {
  const tag = randomBytes(3).toString("hex");
  // An operator for the pages everyone sees; an administrator only for the admin pages, at the end (another spec
  // briefly disables every other administrator: admin.spec.ts, the last-administrator rule).
  const operator = await seedUser("OPERATOR");
  const admin = await seedUser("ADMIN");
  const other: SeededUser = await seedUser("VIEWER");
  await db.query(`UPDATE "User" SET "lastLoginAt" = $2 WHERE id = $1`, [other.id, CREATED]);
  const { rows: batches } = await db.query<{ id: string }>(
    `INSERT INTO "Batch" (id, kind, name, "accountId", "templateText", sender, state, "startedAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'SMS', $1, id, 'Habari', 'TUMA', 'COMPLETED', $2, $2, $3 FROM "ProviderAccount" LIMIT 1
     RETURNING id`,
    [`Saa ${tag}`, CREATED, RECEIPT],
  );
  const batchId = batches[0]!.id;
  const uniqueId = `tz-${tag}`;
  const { rows: messages } = await db.query<{ id: string }>(
    `INSERT INTO "Message" ("batchId", phone, state, operator, "submittedAt", "receiptAt", "deliveryStatus", "providerUniqueId")
     VALUES ($1, '254712888001', 'DELIVERED', 'Safaricom', $2, $3, 'DeliveredToTerminal', $4) RETURNING id::text AS id`,
    [batchId, SENT, RECEIPT, uniqueId],
  );
  const messageId = messages[0]!.id;
  await db.query(`UPDATE "Batch" SET "recipientCount" = 1, "updatedAt" = $2 WHERE id = $1`, [batchId, RECEIPT]);
  await db.query(
    `INSERT INTO "Receipt" ("accountId", "uniqueId", correlator, phone, "deliveryStatus", "deliveryTime", "deliveryAt",
                            raw, "receivedAt", "messageId", "appliedAt")
     SELECT "accountId", $2, $3, '254712888001', 'DeliveredToTerminal', '2026-03-04 13:18:45', $4, '{}', $4, $5, $4
     FROM "Batch" WHERE id = $1`,
    [batchId, uniqueId, messageId, RECEIPT, messageId],
  );
  // One audit event at the instant, one at 00:30 on 5 March in Nairobi (still 4 March in UTC and New York).
  await db.query(
    `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", "createdAt")
     VALUES ($1, 'batch.create', 'Batch', $2, $3), ($1, 'template.create', 'Template', $4, '2026-03-04T21:30:00Z')`,
    [admin.id, batchId, CREATED, `late-${tag}`],
  );
  await db.query(
    `INSERT INTO "List" (id, filename, name, "sizeBytes", state, columns, "phoneColumn", "rowCount", "validCount", "createdAt")
     VALUES (gen_random_uuid(), $1, $1, 10, 'READY', '{phone}', 'phone', 1, 1, $2)`,
    [`saa-${tag}.csv`, CREATED],
  );
  const optedOut = `2547${String(parseInt(tag, 16) % 100_000_000).padStart(8, "0")}`;
  await db.query(`INSERT INTO "OptOut" (phone, reason, "createdAt") VALUES ($1, 'time policy', $2)`, [
    optedOut,
    CREATED,
  ]);
  await db.query(
    `INSERT INTO "Template" (id, name, kind, body, "createdAt", "updatedAt") VALUES (gen_random_uuid(), $1, 'SMS', 'Habari', $2, $2)`,
    [`Saa ${tag}`, CREATED],
  );

  await logIn(page, operator);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
  const main = page.getByRole("main");

  // The batch page: its header, its recipients (a client component), its delivery chart.
  await page.goto(`/batches/${batchId}`);
  await expect(main).toContainText("created 4 Mar 2026, 13:16:30 EAT");
  const recipients = page.getByRole("region", { name: "Recipients" });
  await expectEat(recipients, SENT, "4 Mar 2026, 13:17:05 EAT");
  await expectEat(recipients, RECEIPT, "4 Mar 2026, 13:18:45 EAT");
  await expectEat(main, CREATED, "4 Mar 2026, 13:16:30 EAT");
  const chart = page.getByTestId("delivery-chart");
  await expect(chart.locator("svg").first()).toBeVisible();
  await expect(chart).toContainText("13:17");
  await expect(chart).not.toContainText(/(05|19|23|10):1[678]:/);
  await expect(page.getByRole("region", { name: "Delivery report" })).toContainText(
    "East Africa Time (Africa/Nairobi)",
  );

  // The message page: the answer, the receipt (and the provider's own text beside it), the timeline.
  await page.goto(`/messages/${messageId}`);
  await expectEat(main, SENT, "4 Mar 2026, 13:17:05 EAT");
  await expectEat(main, RECEIPT, "4 Mar 2026, 13:18:45 EAT");

  await page.goto("/lists");
  await expectEat(main.getByRole("row").filter({ hasText: `saa-${tag}.csv` }), CREATED, "4 Mar 2026, 13:16 EAT");
  await page.goto(`/opt-outs?q=${optedOut}`);
  await expectEat(main.getByRole("row").filter({ hasText: optedOut }), CREATED, "4 Mar 2026, 13:16 EAT");
  await page.goto("/templates");
  await expectEat(main.getByRole("row").filter({ hasText: `Saa ${tag}` }), CREATED, "4 Mar 2026, 13:16 EAT");

  // The batch list; the overview (its recent batches are other specs'): every time there reads as its instant in EAT.
  await page.goto("/batches");
  await expectEat(main.getByRole("row").filter({ hasText: `Saa ${tag}` }), CREATED, "4 Mar 2026, 13:16 EAT");
  for (const path of ["/batches", "/"]) {
    await page.goto(path);
    expect(await expectEveryTimeEat(page), `times on ${path}`).toBeGreaterThan(0);
  }
  await expect(main).toContainText("days of East Africa Time (Africa/Nairobi)");

  // Exports: ISO 8601 with East Africa Time's offset.
  const report = await (await page.request.get(`/api/batches/${batchId}/export`)).text();
  expect(report).toContain(",2026-03-04T13:17:05+03:00,2026-03-04T13:18:45+03:00,");

  // The administrators' pages: receipts, audit (its day filter too) and users.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, admin);
  expect(await adminPage.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
  const adminMain = adminPage.getByRole("main");
  await adminPage.goto(`/receipts?q=${uniqueId}`);
  await expectEat(adminPage.getByRole("region", { name: "Receipt log" }), RECEIPT, "4 Mar 2026, 13:18:45 EAT");

  // The audit log, its day filter in East Africa Time: 21:30 UTC on the 4th is on the 5th in Nairobi.
  await adminPage.goto(`/audit?action=batch.create&from=2026-03-04&to=2026-03-04`);
  await expectEat(adminMain, CREATED, "4 Mar 2026, 13:16:30 EAT");
  await adminPage.goto(`/audit?action=template.create&from=2026-03-04&to=2026-03-04`);
  await expect(adminMain.getByRole("row").filter({ hasText: `late-${tag}` })).toHaveCount(0);
  await adminPage.goto(`/audit?action=template.create&from=2026-03-05&to=2026-03-05`);
  await expect(adminMain.getByRole("row").filter({ hasText: `late-${tag}` })).toContainText("5 Mar 2026, 00:30:00 EAT");

  await adminPage.goto("/users");
  await expectEat(adminMain.getByRole("row").filter({ hasText: other.email }), CREATED, "4 Mar 2026, 13:16 EAT");

  const audit = await (
    await adminPage.request.get(`/api/audit/export?action=batch.create&from=2026-03-04&to=2026-03-04`)
  ).text();
  expect(audit.split("\r\n")[1]).toContain(",2026-03-04T13:16:30+03:00,");
  await adminPage.context().close();
});

test("'send later' is typed in East Africa Time, shown in it, and stored as that instant", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page); // hydrated first: a name typed before it was lost ("Give the batch a name.")
  const name = `Baadaye ${randomBytes(3).toString("hex")}`;
  await page.getByLabel("Batch name").fill(name);
  await page.getByLabel("Message").fill("Habari, baadaye.");
  await page.getByLabel("Recipients").fill("0712 888 002");
  const later = page.getByLabel("Send later (optional)");
  await expect(later).toHaveAccessibleDescription(/East Africa Time \(Africa\/Nairobi\), the organisation's time zone/);
  await later.fill("2031-03-04T13:16");
  await expect(page.getByTestId("plan-start")).toHaveText("Starts Tue 4 Mar 2031, 13:16 EAT (Africa/Nairobi).");
  await page.getByRole("button", { name: "Schedule for 1 recipient…" }).click();
  await expect(page.getByTestId("review-start")).toContainText("Tue 4 Mar 2031, 13:16 EAT (Africa/Nairobi)");
  await page.getByRole("button", { name: "Schedule 1 text message" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("main")).toContainText("scheduled for 4 Mar 2031, 13:16 EAT");
  const { rows } = await db.query<{ at: Date }>(`SELECT "scheduledAt" AS at FROM "Batch" WHERE name = $1`, [name]);
  expect(rows[0]!.at.toISOString()).toBe("2031-03-04T10:16:00.000Z");
});

test("the Settings page offers the organisation's time zone, East Africa Time by default", async ({
  page,
  logInAs,
}) => {
  await logInAs(page, "ADMIN");
  await page.goto("/settings");
  const zone = page.getByLabel("Time zone");
  await expect(zone).toHaveValue("Africa/Nairobi");
  await expect(zone).toHaveAccessibleDescription("East Africa Time (Africa/Nairobi)");
  await expect(page.getByRole("button", { name: "Save time zone" })).toBeDisabled();
  await zone.selectOption("Asia/Tokyo");
  await expect(zone).toHaveAccessibleDescription("Japan Standard Time (Asia/Tokyo)");
  await expect(page.getByRole("button", { name: "Save time zone" })).toBeEnabled();
});
