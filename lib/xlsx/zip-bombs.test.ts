// Zip bombs and oversized zips, each written in the test (test/zip-builder.ts) and sent through the real import:
// refused with the sentence the operator reads, nothing stored. A zip bomb in the part exceljs reads first, a size
// that lies, a sheet and shared strings past their caps, a thousand and one entries. And the other side of the same
// rule: an entry the list does not need is never inflated, however large. Their own file (each inflates up to a
// gigabyte): they run beside bad-xlsx.test.ts rather than after it.
import { expect, test } from "vitest";
import { author, refusedXlsx, uploadXlsx } from "@/test/upload-helpers";
import { deflateParts, row, sheetXml, xlsxFile, zipFile } from "@/test/zip-builder";
import { MAX_ZIP_ENTRIES } from "./xlsx-zip";

const authorId = await author();

const upload = (file: Buffer) => uploadXlsx(file, authorId);
const refused = (file: Buffer) => refusedXlsx(file, authorId);

const header = row(1, { A: "phone", B: "name" });
const people = [2, 3, 4].map((n) => row(n, { A: `07120000${n}0`, B: `Person ${n}` })).join("");

test("a workbook.xml that inflates to 1 GiB from 1.5 MB is refused as a zip bomb: from its declared size at once, or while inflating when the size lies", async () => {
  const bomb = deflateParts(["<workbook>", { unit: "<row/>  ", megabytes: 1024 }]);
  expect(bomb.bytes.length).toBeLessThan(1.6 * 1024 * 1024);
  const sentence =
    "This workbook's xl/workbook.xml unpacks to more than 16 MB: it is refused as a zip bomb. If it is a real list, save it as CSV and upload that.";
  const honest = zipFile([{ name: "xl/workbook.xml", data: bomb }]);
  expect(await refused(honest)).toBe(sentence);
  const lying = zipFile([{ name: "xl/workbook.xml", data: bomb, declaredSize: 900 }]);
  expect(await refused(lying)).toBe(sentence);
});

test("a sheet that inflates past 1 GB is refused while inflating, whatever it declares", async () => {
  const xml = deflateParts(["<worksheet><sheetData>", { unit: "<row/>  ", megabytes: 1100 }]);
  const file = xlsxFile({ sheets: [{ name: "Sheet1", xml, declaredSize: 2_000 }] });
  expect(file.length).toBeLessThan(2 * 1024 * 1024);
  expect(await refused(file)).toBe(
    "This workbook unpacks to more than 1 GB (reached while unpacking xl/worksheets/sheet1.xml): it is refused as a zip bomb. If it is a real list, save it as CSV and upload that.",
  );
});

test("shared strings over 100 MB are refused while inflating (they are all held in memory while the sheet is read)", async () => {
  const strings = deflateParts(["<sst>", { unit: `<si><t>${"x".repeat(1008)}</t></si>`, megabytes: 101 }, "</sst>"]);
  const file = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + people) }],
    extra: [{ name: "xl/sharedStrings.xml", data: strings, declaredSize: 5_000 }],
  });
  expect(await refused(file)).toBe(
    "This workbook's xl/sharedStrings.xml unpacks to more than 100 MB: it is refused as a zip bomb. If it is a real list, save it as CSV and upload that.",
  );
});

test("a workbook of more than 1,000 entries is refused from its directory, before any entry is read", async () => {
  const entries = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => ({ name: `xl/media/pad${i}.bin`, data: "" }));
  const file = xlsxFile({ sheets: [{ name: "Sheet1", xml: sheetXml(header + people) }], extra: entries });
  expect(await refused(file)).toBe(
    "This workbook holds 1,006 files; a spreadsheet has a few dozen, and at most 1,000 are read. Save the list as CSV and upload that.",
  );
});

test("an entry the list does not need is never inflated, however large it says it is or is", async () => {
  const file = xlsxFile({
    sheets: [{ name: "Sheet1", xml: sheetXml(header + people) }],
    extra: [{ name: "xl/media/image1.png", data: deflateParts([{ unit: "<row/>  ", megabytes: 4000 }]) }],
  });
  const result = await upload(file);
  expect(result).toMatchObject({ format: "xlsx", rows: 3, valid: 3, columns: ["phone", "name"] });
});
