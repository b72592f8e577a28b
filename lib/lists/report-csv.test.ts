// Report downloads: every group comes back as CSV in row order, and a value a spreadsheet would run as a formula
// (CSV injection) comes back escaped in each of them.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, uploadFile } from "@/test/upload-helpers";
import { reportCsvStream } from "./report-csv";

const authorId = await author();

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

test("=HYPERLINK(…) comes back escaped in every download", async () => {
  await pool().query(`INSERT INTO "OptOut" (phone) VALUES ('254799000111') ON CONFLICT DO NOTHING`);
  const evil = '=HYPERLINK("http://evil.example","Click")';
  const csv = `phone,name\n0712345678,Jane\n"${evil.replace(/"/g, '""')}",Evil\n+254712345678,Dup\n0799000111,Out\n@SUM(1),At\n`;
  const upload = await uploadFile(authorId, "x.csv", csv);
  expect(upload).toMatchObject({ invalid: 2, duplicates: 1, optedOut: 1 });

  const invalid = await text(reportCsvStream(upload.id, "invalid"));
  expect(invalid.split("\r\n")).toEqual([
    "row,phone,name,reason",
    `3,"'=HYPERLINK(""http://evil.example"",""Click"")",Evil,"“=” is not a digit: a number may also have spaces, dashes, brackets and a leading +."`,
    `6,"'@SUM(1)",At,"“@” is not a digit: a number may also have spaces, dashes, brackets and a leading +."`,
    "",
  ]);
  // A leading + is escaped too (a spreadsheet would read +254… as a formula).
  expect(await text(reportCsvStream(upload.id, "duplicates"))).toBe(
    `row,phone,name,repeats_row,reason\r\n4,"'+254712345678",Dup,2,Repeats row 2 (254712345678).\r\n`,
  );
  expect((await text(reportCsvStream(upload.id, "opted-out"))).split("\r\n")[1]).toMatch(
    /^5,0799000111,Out,254799000111,On the opt-out list since \d{4}-\d\d-\d\d: it will not be sent to\.$/,
  );
});

test("each download carries the whole row: every column in file order, formulae in any cell escaped", async () => {
  const csv =
    "name;clinic;phone;visit\n" +
    "Jane;Kisumu;0712345670;2026-12-01\n" +
    "Otieno;=cmd|' /C calc'!A0;071234567;2026-12-02\n" + // one digit missing, a formula in another column
    "Ann, the second;Nakuru;+254 712 345 670;-3\n" + // repeats row 2
    "Short row;;12\n"; // fewer cells than columns: the missing ones come back empty
  const upload = await uploadFile(authorId, "x.csv", csv);
  expect(upload).toMatchObject({ columns: ["name", "clinic", "phone", "visit"], invalid: 2, duplicates: 1 });

  expect((await text(reportCsvStream(upload.id, "invalid"))).split("\r\n")).toEqual([
    "row,name,clinic,phone,visit,reason",
    `3,Otieno,"'=cmd|' /C calc'!A0",071234567,2026-12-02,One digit missing: 07… numbers have 10 digits.`,
    `5,Short row,,12,,"Too short: 2 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…)."`,
    "",
  ]);
  expect((await text(reportCsvStream(upload.id, "duplicates"))).split("\r\n")).toEqual([
    "row,name,clinic,phone,visit,repeats_row,reason",
    `4,"Ann, the second",Nakuru,"'+254 712 345 670","'-3",2,Repeats row 2 (254712345670).`,
    "",
  ]);
});

test("a list column named like a report column is told apart in the header", async () => {
  const csv = "row,phone,reason\n1,0712,late\n";
  const upload = await uploadFile(authorId, "x.csv", csv);
  const lines = (await text(reportCsvStream(upload.id, "invalid"))).split("\r\n");
  expect(lines[0]).toBe("row (report),row,phone,reason,reason (report)");
  expect(lines[1]).toMatch(/^2,1,0712,late,"Too short: 4 digits/);
});

test("lines reported before whole rows were kept come back with their phone cell in its column", async () => {
  const upload = await uploadFile(authorId, "x.csv", "name,phone\nJane,0712\n");
  await pool().query(`UPDATE "ListIssue" SET "values" = NULL WHERE "listId" = $1`, [upload.id]);
  expect((await text(reportCsvStream(upload.id, "invalid"))).split("\r\n")[1]).toMatch(/^2,,0712,"Too short: 4 digits/);
});
