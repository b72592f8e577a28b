import fs from "node:fs";
import http from "node:http";
import type pg from "pg";
import { expect, logIn, test } from "./fixtures";

/** Polls until the operator has no upload left (the server deletes what it stored once it notices the request is
 * gone), then checks that no recipient row with these numbers survived either. */
async function expectNothingStoredNow(db: pg.Client, authorId: string, phonePrefix: string): Promise<void> {
  const lists = await db.query(`SELECT count(*)::int AS n FROM "List" WHERE "authorId" = $1`, [authorId]);
  expect(lists.rows[0].n).toBe(0);
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM "ListRecipient" WHERE phone LIKE $1`, [
    `${phonePrefix}%`,
  ]);
  expect(rows[0].n).toBe(0);
}

async function expectNothingStored(db: pg.Client, authorId: string, phonePrefix: string): Promise<void> {
  await expect
    .poll(
      async () => (await db.query(`SELECT count(*)::int AS n FROM "List" WHERE "authorId" = $1`, [authorId])).rows[0].n,
      // The server deletes what it stored once its current slice commits: a wait for that, bounded generously so a
      // loaded machine's slow commit is not mistaken for a row left behind.
      { timeout: 120_000 },
    )
    .toBe(0);
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM "ListRecipient" WHERE phone LIKE $1`, [
    `${phonePrefix}%`,
  ]);
  expect(rows[0].n).toBe(0);
}

/** 1,000 data rows: 10 invalid numbers (rows 11, 21, …) and 5 repeats of earlier numbers. */
function thousandRows(): string {
  const lines = ["phone,name"];
  for (let i = 0; i < 1000; i++) {
    if (i % 100 === 9) lines.push(`12345${i},Bad ${i}`);
    else if (i >= 995) lines.push(`07${String(20_000_000 + i - 900).padStart(8, "0")},Repeat ${i}`);
    else lines.push(`07${String(20_000_000 + i).padStart(8, "0")},Name ${i}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

test("an operator uploads a 1,000-row CSV, sees exactly 10 invalid and 5 duplicates, and downloads the invalid rows", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.getByRole("link", { name: "Lists" }).click();
  await page
    .getByLabel("List file")
    .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(thousandRows()) });
  const report = page.getByTestId("upload-report");
  await expect(report.getByTestId("report-rows")).toHaveText("1,000", { timeout: 30_000 });
  await expect(report.getByTestId("report-valid")).toHaveText("985");
  await expect(report.getByTestId("report-invalid")).toHaveText("10");
  await expect(report.getByTestId("report-duplicates")).toHaveText("5");
  await expect(report.getByText("{{phone}} {{name}}")).toBeVisible();
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: "e2e/screenshots/upload-report.png", fullPage: true });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download invalid CSV" }).click();
  const csv = fs.readFileSync(await (await download).path(), "utf8");
  const lines = csv.trimEnd().split("\r\n");
  // The whole row as the file had it, between its number and the reason.
  expect(lines[0]).toBe("row,phone,name,reason");
  expect(lines.length).toBe(11);
  expect(lines[1]).toBe(
    `11,123459,Bad 9,"Too short: 6 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…)."`,
  );

  const { rows } = await db.query<{ state: string; validCount: number; n: number }>(
    `SELECT u.state, u."validCount", (SELECT count(*)::int FROM "ListRecipient" r WHERE r."listId" = u.id) AS n
     FROM "List" u WHERE u."authorId" = $1`,
    [operator.id],
  );
  expect(rows).toEqual([{ state: "READY", validCount: 985, n: 985 }]);
  const saved = page.getByRole("table", { name: "Saved lists" });
  await expect(saved.getByRole("link", { name: "customers", exact: true })).toBeVisible();

  // Later, from the saved list: its duplicates download from their count, and the list can be deleted.
  const later = page.waitForEvent("download");
  await saved.getByRole("link", { name: "Download the duplicates rows of customers" }).click();
  const duplicates = fs
    .readFileSync(await (await later).path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(duplicates).toHaveLength(6);
  expect(duplicates[1]).toBe("997,0720000095,Repeat 995,97,Repeats row 97 (254720000095).");
  await saved.getByRole("button", { name: "Delete customers" }).click();
  // Asked first, with what will happen; nothing is deleted until confirmed.
  await expect(saved.getByText("Delete the list “customers” and its 985 recipients?")).toBeVisible();
  await saved.getByRole("button", { name: "Delete the list" }).click();
  await expect(saved.getByRole("link", { name: "customers", exact: true })).toHaveCount(0);
  const after = await db.query(
    `SELECT (SELECT count(*)::int FROM "List" WHERE "authorId" = $1) AS uploads,
            (SELECT count(*)::int FROM "AuditEvent" WHERE "actorId" = $1 AND action = 'list.delete') AS audits,
            (SELECT array_agg(detail->>'group' ORDER BY id) FROM "AuditEvent"
             WHERE "actorId" = $1 AND action = 'export.upload_report') AS downloads`,
    [operator.id],
  );
  // Each report download is an audit event, naming its group.
  expect(after.rows[0]).toEqual({ uploads: 0, audits: 1, downloads: ["invalid", "duplicates"] });
});

test("a connection dropped half-way leaves nothing stored", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const body = Buffer.from(
    `phone,name\n${Array.from({ length: 200_000 }, (_, i) => `07${String(30_000_000 + i)},N${i}`).join("\n")}\n`,
  );
  const url = new URL("/api/lists?filename=dropped.csv", process.env.E2E_BASE_URL);
  await new Promise<void>((resolve) => {
    const request = http.request(url, {
      method: "POST",
      headers: { cookie, "content-length": body.length, "content-type": "text/csv" },
    });
    request.on("error", () => resolve());
    request.on("response", () => resolve());
    request.write(body.subarray(0, body.length / 2), () => setTimeout(() => request.destroy(), 200));
  });
  // The server notices the dropped connection and deletes what it stored; poll until no upload of this operator
  // is left (an upload is STORING only while it is read).
  await expectNothingStored(db, operator.id, "254730");
});

test("rows are checked while the file is still arriving, and Cancel stops the upload with nothing stored", async ({
  page,
  seedUser,
  db,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  // A slow connection (Chromium's own throttling), so the upload is still running when Cancel is pressed: 1,000,000
  // rows (22 MB) at 256 KiB/s take ninety seconds, while the first slice is stored after two (a loaded machine's
  // screenshot and query between the two must not see the upload end: 100,000 rows, nine seconds, once did).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const rows = Array.from({ length: 1_000_000 }, (_, i) => `07${String(60_000_000 + i)},Name ${i}`);
  await page
    .getByLabel("List file")
    .setInputFiles({ name: "slow.csv", mimeType: "text/csv", buffer: Buffer.from(`phone,name\n${rows.join("\n")}\n`) });
  const progress = page.getByTestId("upload-progress");
  await expect(progress.getByRole("progressbar", { name: "Bytes sent" })).toBeVisible();
  // The first 25,000 rows are checked and stored while the rest is on its way.
  await expect(progress.getByTestId("upload-checked")).toHaveText(/^\d{1,3}(,\d{3})+ rows checked$/, {
    timeout: 60_000,
  });
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await progress.screenshot({ path: "e2e/screenshots/upload-progress.png" });
  expect(
    (await db.query(`SELECT state FROM "List" WHERE "authorId" = $1`, [operator.id])).rows.map((r) => r.state),
  ).toEqual(["STORING"]);
  await page.getByRole("button", { name: "Cancel" }).click();
  // The sentence waits for the server to have discarded the slices it stored (on a loaded machine that can take a
  // while): once it shows, it is true, so the database is read once, not polled.
  await expect(page.getByText("Upload cancelled; nothing was stored.")).toBeVisible({ timeout: 120_000 });
  await expectNothingStoredNow(db, operator.id, "254760");
  await expect(page.getByRole("table", { name: "Saved lists" }).getByRole("cell", { name: "slow.csv" })).toHaveCount(0);
});

test("a list over 10 MB arrives whole through the console (no proxy buffer cuts it), with the security headers", async ({
  page,
  seedUser,
}) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const rows = 500_000;
  const body = Buffer.from(
    `phone,name,town\n${Array.from({ length: rows }, (_, i) => `07${String(70_000_000 + i)},Name ${i},Town`).join("\n")}\n`,
  );
  expect(body.length).toBeGreaterThan(13 * 1024 * 1024);
  const response = await page.request.post("/api/lists?filename=big.csv", {
    data: body,
    headers: { "content-type": "text/csv" },
    timeout: 60_000,
  });
  expect(response.status()).toBe(201);
  const { list } = (await response.json()) as { list: { rows: number; valid: number; invalid: number } };
  expect(list).toMatchObject({ rows, valid: rows, invalid: 0 });
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});

test("a file dropped on the drop zone is uploaded like a picked one", async ({ page, seedUser }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await page.goto("/lists");
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File(["msisdn;jina\r\n0749000001;Amina\r\n0749000002;Baraka\r\n"], "dropped.csv", { type: "text/csv" }),
    );
    return transfer;
  });
  await page.getByTestId("upload-drop-zone").dispatchEvent("drop", { dataTransfer });
  const report = page.getByTestId("upload-report");
  await expect(report.getByTestId("report-valid")).toHaveText("2", { timeout: 30_000 });
  await expect(report).toContainText('separated by ";"');
  await expect(report).toContainText("{{msisdn}} {{jina}}");
});
