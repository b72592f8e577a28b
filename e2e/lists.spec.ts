import fs from "node:fs";
import http from "node:http";
import { expect, logIn, test } from "./fixtures";

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
  expect(lines[0]).toBe("row,value,reason");
  expect(lines.length).toBe(11);
  expect(lines[1]).toBe(`11,123459,"The number has 6 digits; expected 12 (254…), 10 (07…/01…) or 9 (7…/1…)."`);

  const { rows } = await db.query<{ state: string; validCount: number; n: number }>(
    `SELECT u.state, u."validCount", (SELECT count(*)::int FROM "UploadRecipient" r WHERE r."uploadId" = u.id) AS n
     FROM "Upload" u WHERE u."authorId" = $1`,
    [operator.id],
  );
  expect(rows).toEqual([{ state: "READY", validCount: 985, n: 985 }]);
  await expect(
    page.getByRole("table", { name: "Saved lists" }).getByRole("cell", { name: "customers.csv", exact: true }),
  ).toBeVisible();
});

test("a connection dropped half-way leaves nothing stored", async ({ page, seedUser, db }) => {
  const operator = await seedUser("OPERATOR");
  await logIn(page, operator);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const body = Buffer.from(
    `phone,name\n${Array.from({ length: 200_000 }, (_, i) => `07${String(30_000_000 + i)},N${i}`).join("\n")}\n`,
  );
  const url = new URL("/api/uploads?filename=dropped.csv", process.env.E2E_BASE_URL);
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
  await expect
    .poll(
      async () =>
        (await db.query(`SELECT count(*)::int AS n FROM "Upload" WHERE "authorId" = $1`, [operator.id])).rows[0].n,
      { timeout: 30_000 },
    )
    .toBe(0);
  expect((await db.query(`SELECT count(*)::int AS n FROM "UploadRecipient" WHERE phone LIKE '25473%'`)).rows[0].n).toBe(
    0,
  );
});
