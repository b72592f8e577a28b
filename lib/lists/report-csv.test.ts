// Report downloads: every group comes back as CSV in row order, and a value a spreadsheet would run as a formula
// (CSV injection) comes back escaped in each of them.
import { beforeAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, pieces } from "@/test/upload-helpers";
import { importList } from "./import-list";
import { reportCsvStream } from "./report-csv";

let authorId: string;
beforeAll(async () => {
  authorId = await author();
});

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

test("=HYPERLINK(…) comes back escaped in every download", async () => {
  await pool().query(`INSERT INTO "OptOut" (phone) VALUES ('254799000111') ON CONFLICT DO NOTHING`);
  const evil = '=HYPERLINK("http://evil.example","Click")';
  const csv = `phone,name\n0712345678,Jane\n"${evil.replace(/"/g, '""')}",Evil\n+254712345678,Dup\n0799000111,Out\n@SUM(1),At\n`;
  const upload = await importList({ body: pieces(csv), declaredBytes: null, filename: "x.csv", authorId });
  expect(upload).toMatchObject({ invalid: 2, duplicates: 1, optedOut: 1 });

  const invalid = await text(reportCsvStream(upload.id, "invalid"));
  expect(invalid.split("\r\n")).toEqual([
    "row,value,reason",
    `3,"'=HYPERLINK(""http://evil.example"",""Click"")","“=” is not a digit: a number may also have spaces, dashes, brackets and a leading +."`,
    `6,"'@SUM(1)","“@” is not a digit: a number may also have spaces, dashes, brackets and a leading +."`,
    "",
  ]);
  // A leading + is escaped too (a spreadsheet would read +254… as a formula).
  expect(await text(reportCsvStream(upload.id, "duplicates"))).toBe(
    `row,value,repeats_row,reason\r\n4,"'+254712345678",2,Repeats row 2 (254712345678).\r\n`,
  );
  expect((await text(reportCsvStream(upload.id, "opted-out"))).split("\r\n")[1]).toMatch(
    /^5,254799000111,On the opt-out list since \d{4}-\d\d-\d\d: it will not be sent to\.$/,
  );
});
