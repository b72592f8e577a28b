// Importing XLSX workbooks made with exceljs: formulas give their cached result, merged cells repeat their value,
// the first sheet with data is the list and the report names it, numeric cells are whole phone numbers.
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, pieces, uploadFile } from "@/test/upload-helpers";
import { importList } from "@/lib/lists/import-list";

const authorId = await author();

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function values(listId: string) {
  const { rows } = await pool().query<{ rowNumber: number; phone: string; values: string }>(
    `SELECT "rowNumber", phone, "values" FROM "ListRecipient" WHERE "listId" = $1 ORDER BY "rowNumber"`,
    [listId],
  );
  return rows.map((r) => [r.rowNumber, r.phone, JSON.parse(r.values) as string[]]);
}

test("formulas, merged cells, a title row, numeric phone cells, and several sheets with an empty first one", async () => {
  const file = await workbook((wb) => {
    wb.addWorksheet("Notes");
    const sheet = wb.addWorksheet("Customers");
    sheet.addRow(["November customers"]); // a title, merged across the columns
    sheet.mergeCells("A1:D1");
    sheet.addRow(["Name", "Mobile", "Region", "Balance"]);
    sheet.addRow(["Jane", 254712345678, "Rift Valley", { formula: "100+23", result: 123 }]);
    sheet.addRow(["John", 712000111, null, { formula: 'B3&"x"', result: "text result" }]);
    sheet.addRow(["Amina", "0733 000 222", null, 5.5]);
    sheet.mergeCells("C3:C5"); // "Rift Valley" for all three
    wb.addWorksheet("Later").addRow(["phone", "0799999999"]);
  });
  const result = await importList({
    body: pieces(file, 4096),
    declaredBytes: file.length,
    filename: "customers.xlsx",
    authorId,
  });
  expect(result).toMatchObject({
    format: "xlsx",
    rows: 3,
    valid: 3,
    columns: ["Name", "Mobile", "Region", "Balance"],
    phoneColumn: "Mobile",
  });
  expect(result.report).toMatchObject({ sheet: "Customers", sheets: ["Notes", "Customers", "Later"], headerRow: 2 });
  expect(await values(result.id)).toEqual([
    [3, "254712345678", ["Jane", "254712345678", "Rift Valley", "123"]],
    [4, "254712000111", ["John", "712000111", "Rift Valley", "text result"]],
    [5, "254733000222", ["Amina", "0733 000 222", "Rift Valley", "5.5"]],
  ]);
});

test("a workbook whose sheets are all empty is an empty file", async () => {
  const file = await workbook((wb) => void wb.addWorksheet("Sheet1"));
  const error = await uploadFile(authorId, "empty.xlsx", file, 4096).catch((e: Error) => e);
  expect((error as Error).message).toBe("The file is empty: it has no rows.");
});

test("names with accents and emoji in a long sheet come back whole, wherever the inflated pieces are cut", async () => {
  const names = ["Wanjirū Kamau", "Zoë Otieno", "Chébet 🌍", "Njoroge ñ"];
  const file = await workbook((wb) => {
    const sheet = wb.addWorksheet("List");
    sheet.addRow(["phone", "name", "note"]);
    for (let i = 0; i < 6_000; i++)
      sheet.addRow([`07${String(20_000_000 + i)}`, names[i % names.length], `é${"ü".repeat(i % 13)}`]);
  });
  const result = await uploadFile(authorId, "a.xlsx", file, 64 * 1024);
  expect(result).toMatchObject({ rows: 6_000, valid: 6_000 });
  const { rows } = await pool().query<{ broken: number; names: number }>(
    `SELECT count(*) FILTER (WHERE "values" LIKE '%' || chr(65533) || '%')::int AS broken,
            count(*) FILTER (WHERE ("values"::jsonb)->>1 = ANY($2))::int AS names
     FROM "ListRecipient" WHERE "listId" = $1`,
    [result.id, names],
  );
  expect(rows[0]).toEqual({ broken: 0, names: 6_000 });
});
