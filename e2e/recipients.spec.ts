// The recipients of a batch as an operator looks for one: search in any form, filters, pages across a digit
// boundary, the export of the filtered view, and clear refusals for a bad filter, search, cursor or id.
import { expect, logIn, openCompose, test } from "./fixtures";

test("search any form of a number, filter, page across 999,999 → 1,000,000, export exactly the rows", async ({
  page,
  seedUser,
  db,
}) => {
  // This spec's messages get ids from 999,975 on, so the batch's pages cross a digit count (other specs' rows come
  // from the same sequence, before or after: their ids never collide). Since Message is partitioned by week
  // (docs/partitioning.md) new ids start at this week's base (≥ 2^32); ids below it belong to the partition of what
  // was stored before partitioning, empty here, so the spec takes its ids there unless it already has.
  await db.query(
    `SELECT setval('"Message_id_seq"', CASE WHEN last_value BETWEEN 999975 AND 4294967295 THEN last_value ELSE 999975 END, false)
     FROM "Message_id_seq"`,
  );
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  await openCompose(page);
  await page.getByLabel("Batch name").fill("Sixty");
  await page.getByLabel("Message").fill("Sixty people");
  const numbers = Array.from({ length: 60 }, (_, i) => `07${String(20_000_000 + i).slice(-8)}`);
  await page.getByLabel("Recipients").fill(numbers.join("\n"));
  await page.getByRole("button", { name: "Send to 60 recipients…" }).click();
  await page.getByRole("button", { name: "Send 60 text messages" }).click();
  await expect(page.getByTestId("count-DELIVERED")).toHaveText("60", { timeout: 30_000 });
  const batchId = page.url().split("/").pop()!;
  const ids = (
    await db.query<{ id: string }>(`SELECT m.id::text AS id FROM "Message" m WHERE m."batchId" = $1 ORDER BY m.id`, [
      batchId,
    ])
  ).rows.map((r) => r.id);
  expect(Number(ids[0])).toBeLessThan(1_000_000);
  expect(Number(ids.at(-1))).toBeGreaterThanOrEqual(1_000_000);

  const recipients = page.getByRole("region", { name: "Recipients" });
  const phonesShown = async () =>
    (await recipients.getByRole("row").allTextContents()).slice(1).map((row) => row.slice(0, 12));
  const first = await phonesShown();
  await recipients.getByRole("button", { name: "Next" }).click();
  await expect(recipients.getByRole("row")).toHaveCount(11); // header + the last 10
  const second = await phonesShown();
  expect(new Set([...first, ...second]).size).toBe(60);
  await expect(recipients.getByRole("button", { name: "Next" })).toBeDisabled();

  await recipients.getByLabel("Find").fill("+254 720-000-007");
  await recipients.getByRole("button", { name: "Search" }).click();
  await expect(recipients.getByRole("row")).toHaveCount(2);
  await expect(recipients.getByRole("cell", { name: "254720000007" })).toBeVisible();
  const download = page.waitForEvent("download");
  await recipients.getByRole("link", { name: "Export CSV" }).click();
  const csv = (await import("node:fs"))
    .readFileSync(await (await download).path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain("254720000007,DELIVERED");

  const all = await page.request.get(`/api/batches/${batchId}/export`);
  expect((await all.text()).trimEnd().split("\r\n")).toHaveLength(61);
  const xlsx = await page.request.get(`/api/batches/${batchId}/export?format=xlsx`);
  expect(xlsx.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
  expect(workbook.getWorksheet("Delivery report")!.rowCount).toBe(61);
  const failedOnly = await page.request.get(`/api/batches/${batchId}/messages?filter=FAILED`);
  expect(await failedOnly.json()).toEqual({ rows: [], next: null });
});

test("a malformed filter, search, cursor or batch id gets a clear answer, never a 500", async ({ page, logInAs }) => {
  await logInAs(page, "VIEWER");
  const unknown = "3f1b6d2a-0000-4000-8000-000000000000";
  const get = (path: string) => page.request.get(path);
  let response = await get(`/api/batches/${unknown}`);
  expect(response.status()).toBe(404);
  expect((await response.json()).message).toBe("No such batch.");
  response = await get(`/api/batches/not-a-batch/messages`);
  expect(response.status()).toBe(404);
  response = await get(`/api/batches/${unknown}/messages?filter=BOGUS`);
  expect(response.status()).toBe(400);
  expect((await response.json()).message).toMatch(/^Unknown filter\. Use one of PENDING, QUEUED/);
  response = await get(`/api/batches/${unknown}/messages?after=abc`);
  expect(response.status()).toBe(400);
  expect((await response.json()).message).toBe("The cursor must be a message id.");
  response = await get(`/api/batches/${unknown}/messages?q=he`);
  expect(response.status()).toBe(400);
  expect((await response.json()).fieldErrors).toEqual({
    q: [
      '"he" is too short: type at least 3 characters of a name or another column, or a whole phone number or correlator.',
    ],
  });
  const pageResponse = await page.goto(`/batches/${unknown}`);
  expect(pageResponse?.status()).toBe(404);
});
