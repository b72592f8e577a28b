// The streamed workbook takes a page from its source only when its reader asks for more, and a reader that goes away
// (cancel) closes the source: no page is taken after it. The workbook it writes is read back by exceljs, typed.
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { rowsXml, xlsxSheetStream, type XlsxCell } from "./sheet-stream";

function pagesOf(count: number) {
  const seen = { taken: 0, closed: false };
  async function* pages(): AsyncGenerator<string> {
    try {
      for (let p = 0; p < count; p++) {
        seen.taken++;
        const cells: XlsxCell[] = [
          `25471${p}`,
          p,
          new Date(Date.UTC(2026, 10, 22, 9, 30)),
          '=HYPERLINK("x") & <tag>',
          null,
        ];
        yield rowsXml([cells], p + 2);
      }
    } finally {
      seen.closed = true;
    }
  }
  return { seen, pages: pages() };
}

const columns = ["phone", "n", "at", "text", "none"].map((header) => ({ header, width: 10 }));

/** Lets every pull the last read set off begin (a page asked for is counted in its first, synchronous step). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

test("one page per read after the workbook's head; cancelled, the source is closed and nothing more is taken", async () => {
  const { seen, pages } = pagesOf(1_000);
  const reader = xlsxSheetStream("Report", columns, pages).getReader();
  await settled();
  expect(seen.taken).toBe(0);
  await reader.read();
  await settled();
  expect(seen.taken).toBe(0);
  await reader.read();
  await reader.read();
  await settled();
  expect(seen.taken).toBe(2);
  await reader.cancel();
  expect(seen).toEqual({ taken: 2, closed: true });
});

test("read to its end, it is a workbook exceljs reads: numbers, dates and text typed, text never a formula", async () => {
  const { pages } = pagesOf(3);
  const bytes = await new Response(xlsxSheetStream("Report", columns, pages)).arrayBuffer();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet("Report")!;
  expect(sheet.getRow(1).values).toEqual([undefined, "phone", "n", "at", "text", "none"]);
  const row = sheet.getRow(3);
  expect(row.getCell(1).value).toBe("254711");
  expect(row.getCell(2).value).toBe(1);
  expect(row.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 22, 9, 30)));
  expect(row.getCell(4).value).toBe('=HYPERLINK("x") & <tag>');
  expect(row.getCell(4).type).toBe(ExcelJS.ValueType.String);
  expect(row.getCell(5).value).toBeNull();
  expect(sheet.rowCount).toBe(4);
});

test("a phone number is a text cell in Excel's Text format (@), so Excel keeps its digits instead of 2.54711E+11", async () => {
  const { pages } = pagesOf(1);
  const bytes = await new Response(xlsxSheetStream("Report", columns, pages)).arrayBuffer();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const cell = workbook.getWorksheet("Report")!.getRow(2).getCell(1);
  expect(cell.type).toBe(ExcelJS.ValueType.String);
  expect(cell.numFmt).toBe("@");
  // Numbers and dates keep their own formats.
  expect(workbook.getWorksheet("Report")!.getRow(2).getCell(2).numFmt ?? "General").not.toBe("@");
});
