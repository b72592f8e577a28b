// Every CSV Tuma writes escapes formulas, through to-csv.ts or, for the batch report's COPY, csv-sql.ts: a formula with a
// line break in it — which papaparse's escapeFormulae missed — comes back escaped from the batch report, the upload
// report and the audit export, read from the database.
import Papa from "papaparse";
import { expect, test } from "vitest";
import { auditStream } from "@/lib/audit/export-audit";
import { recordAudit } from "@/lib/audit/record-audit";
import { heldBatch } from "@/test/small-batch";
import { reportStream } from "@/lib/batches/export-report";
import { account } from "@/test/report-data";
import { reportCsvStream } from "@/lib/lists/report-csv";
import { author, uploadFile } from "@/test/upload-helpers";

const EVIL = '=HYPERLINK("http://evil.example","Click")\nfor your prize';

const authorId = await author();
const accountId = await account();

async function cells(stream: ReadableStream<Uint8Array>): Promise<string[][]> {
  const text = await new Response(stream).text();
  return Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;
}

/** Every cell that carries the payload, as a spreadsheet would read it. */
const carrying = (rows: string[][]) => rows.flat().filter((cell) => cell.includes("HYPERLINK"));

test("a message text with a formula and a line break is escaped in the batch export", async () => {
  const recipients = [{ phone: "254712000001", text: EVIL }, "254712000002"];
  const id = await heldBatch(accountId, "escape", recipients, { authorId, templateText: "Hello" });
  const rows = await cells(reportStream({ id, templateText: "Hello" }, null));
  expect(rows).toHaveLength(3);
  expect(carrying(rows)).toEqual([`'${EVIL}`]);
});

test("an upload cell with a formula and a line break is escaped in the report download", async () => {
  const csv = `phone,name\n0712345678,Jane\n"${EVIL.replaceAll('"', '""')}",Evil\n`;
  const upload = await uploadFile(authorId, "x.csv", csv);
  expect(upload.invalid).toBe(1);
  const rows = await cells(reportCsvStream(upload.id, "invalid"));
  expect(carrying(rows)).toHaveLength(1);
  expect(carrying(rows)[0]).toMatch(/^'=HYPERLINK\("http:\/\/evil\.example","Click"\)\n/);
});

test("an audited value with a formula and a line break is escaped in the audit export", async () => {
  await recordAudit({ actorId: authorId, action: "optout.remove", targetType: "OptOut", targetId: EVIL });
  const rows = await cells(auditStream({ action: "optout.remove" }, "Africa/Nairobi"));
  // The target id, and the sentence that names it: the one starts with the formula and is escaped, the other starts
  // with the actor's name, which no spreadsheet reads as a formula.
  const [targetCell, sentenceCell] = carrying(rows);
  expect(targetCell).toBe(`'${EVIL}`);
  expect(sentenceCell).toMatch(/^\S.* removed =HYPERLINK\(/);
  expect(sentenceCell).not.toMatch(/^[=+\-@\t\r]/);
});
