// Workbooks that describe far more than their bytes, each written in the test (test/zip-builder.ts) and sent through
// the real import: refused with the sentence the operator reads, nothing stored. Merged ranges to column XFD or row
// 1,048,576, overlapping merges, five million blank rows, one shared string repeated into 200 million characters, a
// value of 2 MB. The zip bombs, which inflate a gigabyte each, are their own file so that they run beside these
// (zip-bombs.test.ts).
import { expect, test } from "vitest";
import { author, refusedXlsx } from "@/test/upload-helpers";
import { deflatePieces, row, sheetPieces, sheetXml, xlsxFile } from "@/test/zip-builder";
import { TOO_MANY_ROWS, TOO_MUCH_TEXT } from "@/lib/list-files/upload-limits";
import { NOT_A_WORKBOOK } from "./xlsx-zip";

const authorId = await author();

const refused = (file: Buffer) => refusedXlsx(file, authorId);

const header = row(1, { A: "phone", B: "name" });
const people = [2, 3, 4].map((n) => row(n, { A: `07120000${n}0`, B: `Person ${n}` })).join("");

test("a 12 KB workbook with 1,000 merged ranges reaching column XFD is refused by the column limit, before any cell is filled", async () => {
  const merges = Array.from({ length: 1_000 }, (_, i) => `A${2 * i + 2}:XFD${2 * i + 3}`);
  const file = xlsxFile({ sheets: [{ name: "Customers", xml: sheetXml(header + people, merges) }] });
  expect(file.length).toBeLessThan(12 * 1024);
  expect(await refused(file)).toBe(
    'The sheet "Customers" has a merged range (A2:XFD3) reaching column 16,384; a list may have at most 200 columns. Unmerge those cells and upload again.',
  );
});

test("merged ranges are held to the row limit, to a count, and may not overlap", async () => {
  const sheet = (merges: string[]) =>
    xlsxFile({ sheets: [{ name: "Sheet1", xml: sheetXml(header + people, merges) }] });
  expect(await refused(sheet(["C2:C1048576"]))).toBe(
    'The sheet "Sheet1" has a merged range (C2:C1048576) reaching row 1,048,576; a list may have at most 1,000,000 rows. Unmerge those cells and upload again.',
  );
  const many = Array.from({ length: 100_001 }, (_, i) => `C${i + 2}:D${i + 2}`);
  expect(await refused(sheet(many))).toBe(
    'The sheet "Sheet1" has more than 100,000 merged ranges. Unmerge the cells (every cell then keeps its own value) and upload again.',
  );
  // Two ranges over the same 150 columns of rows 2 to 4: each row would be filled twice over.
  expect(await refused(sheet(["C2:EU4", "C2:EU4"]))).toBe(
    "Merged ranges overlap on row 2: the workbook is damaged or was not written by a spreadsheet program. Unmerge the cells and upload again.",
  );
});

test("five million blank rows are counted against the row limit: refused at the 1,000,002nd row, not read to the end", async () => {
  function* blankRows() {
    yield header;
    for (let start = 2; start <= 5_000_001; start += 100_000) {
      let rows = "";
      for (let n = start; n < start + 100_000; n++) rows += `<row r="${n}"/>`;
      yield rows;
    }
  }
  const file = xlsxFile({ sheets: [{ name: "Sheet1", xml: deflatePieces(sheetPieces(blankRows())) }] });
  expect(await refused(file)).toBe(TOO_MANY_ROWS);
  // A row numbered past the limit is the same refusal without the rows before it.
  const far = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + people + row(1_000_002, { A: "0712000999" })) }],
  });
  expect(await refused(far)).toBe(TOO_MANY_ROWS);
});

test("a value in column XFD is refused by the column limit; a cell beyond XFD (no spreadsheet has one) as a damaged workbook", async () => {
  const wide = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + row(2, { A: "0712000020", XFD: "note" })) }],
  });
  expect(await refused(wide)).toBe(
    "Row 2 has a value in column 16,384; a list may have at most 200 columns. Keep the phone column and the columns your messages use, and upload again.",
  );
  const beyond = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + row(2, { A: "0712000020", ZZZZZZ: "x" })) }],
  });
  expect(await refused(beyond)).toBe(NOT_A_WORKBOOK);
});

test("one shared string of 5,000 characters in every cell is refused at 200 million characters of text, after a few hundred rows", async () => {
  const cells = (n: number) =>
    `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>0712${String(n).padStart(6, "0")}</t></is></c>${Array.from(
      { length: 199 },
      (_, i) => `<c r="${columnLetters(i + 2)}${n}" t="s"><v>0</v></c>`,
    ).join("")}</row>`;
  const rows = Array.from({ length: 300 }, (_, i) => cells(i + 2)).join("");
  const file = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + rows) }],
    sharedStrings: ["x".repeat(5_000)],
  });
  expect(file.length).toBeLessThan(200 * 1024);
  expect(await refused(file)).toBe(TOO_MUCH_TEXT);
  expect(TOO_MUCH_TEXT).toBe(
    "The file's cells hold more than 200 million characters once its shared text is expanded. Split it into smaller files and upload each.",
  );
});

test("a cell over 5,000 characters is refused by its row and column; a value over 1 MB before the parser holds it", async () => {
  const long = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + row(2, { A: "0712000020", B: "y".repeat(5_001) })) }],
  });
  expect(await refused(long)).toBe(
    "Row 2, column 2 holds 5,001 characters; a cell may hold at most 5,000. Shorten it and upload again.",
  );
  const huge = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + people) }],
    sharedStrings: ["z".repeat(2 * 1024 * 1024)],
  });
  expect(await refused(huge)).toBe(
    "This workbook's xl/sharedStrings.xml has a value longer than 1 MB; a cell may hold at most 5,000 characters.",
  );
});

test("a file that starts like a zip and is not one is refused with a sentence", async () => {
  const file = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2_000, 7)]);
  expect(await refused(file)).toBe(NOT_A_WORKBOOK);
  expect(NOT_A_WORKBOOK).toBe(
    "This file starts like an XLSX workbook but is not one (it is damaged or cut short). Open it in Excel, save it again as .xlsx or CSV, and upload that.",
  );
});

function columnLetters(n: number): string {
  let letters = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
