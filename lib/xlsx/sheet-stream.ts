// A one-sheet XLSX workbook written as a stream that the client's reading drives: each read asks the source for its
// next page of rows, writes them as XML, deflates them (zip-writer.ts) and hands them on; nothing is read ahead
// (highWaterMark 0), so a slow reader holds the export at the page it is on, and a client that goes away (cancel)
// closes the source at once — no further page is queried. exceljs's streaming writer was used before and could do
// neither: it buffers whatever it is given until its zip is read, however slowly.
//
// Cells are typed: numbers are numbers, dates are dates (Excel's serial day, shown as date and time), text is inline
// text — never a formula, whatever it starts with — in Excel's Text number format ("@"), so a phone number stays the
// digits it is (254712345678, not 2.54712E+11) when the cell is opened, edited or copied (issue 35).
import { withoutXmlForbidden } from "./xml-forbidden";
import { ZipWriter } from "./zip-writer";

export type XlsxCell = string | number | Date | null | undefined;
export type XlsxColumn = { header: string; width: number };

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Style 1: Excel's built-in "m/d/yy h:mm" (number format 22). */
const DATE_STYLE = 1;
/** Style 2: Excel's built-in Text format "@" (number format 49): what is typed into the cell stays text too. */
export const TEXT_STYLE = 2;
const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial day. */
const UNIX_EPOCH_DAY = 25_569;

/**
 * The workbook: its package parts and header row first, then each page of `pages`, the sheet's rows as XML from row 2
 * on (rowsXml here, or the database's: lib/xlsx/xlsx-sql.ts), each deflated as it comes.
 */
export function xlsxSheetStream(
  sheetName: string,
  columns: XlsxColumn[],
  /** Each page's rows as XML text, or as its UTF-8 bytes. */
  pages: AsyncIterator<string | Uint8Array>,
): ReadableStream<Uint8Array> {
  const zip = new ZipWriter();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(
            Buffer.concat([
              ...packageParts(sheetName).map(([name, text]) => zip.file(name, text)),
              zip.begin("xl/worksheets/sheet1.xml"),
              zip.write(sheetHead(columns) + rowsXml([columns.map((column) => column.header)], 1)),
            ]),
          );
          return;
        }
        const page = await pages.next();
        if (page.done) {
          controller.enqueue(Buffer.concat([zip.write("</sheetData></worksheet>"), zip.end(), zip.finish()]));
          controller.close();
          return;
        }
        controller.enqueue(zip.write(page.value));
      },
      async cancel() {
        await pages.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Rows of typed cells as the sheet's XML, the first numbered `firstRow`. */
export function rowsXml(rows: XlsxCell[][], firstRow: number): string {
  let xml = "";
  rows.forEach((cells, i) => {
    const r = firstRow + i;
    xml += `<row r="${r}">`;
    for (let c = 0; c < cells.length; c++) xml += cellXml(`${columnLetters(c + 1)}${r}`, cells[c]);
    xml += "</row>";
  });
  return xml;
}

function cellXml(ref: string, value: XlsxCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number")
    return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}"/>`;
  if (value instanceof Date) {
    const serial = value.getTime() / MS_PER_DAY + UNIX_EPOCH_DAY;
    return Number.isFinite(serial) ? `<c r="${ref}" s="${DATE_STYLE}"><v>${serial}</v></c>` : `<c r="${ref}"/>`;
  }
  return `<c r="${ref}" s="${TEXT_STYLE}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

/** XML text: the five specials escaped, and the characters XML 1.0 cannot hold dropped. */
export function escapeXml(text: string): string {
  return withoutXmlForbidden(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A column's letters: 1 → A, 27 → AA. */
export function columnLetters(n: number): string {
  let letters = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function sheetHead(columns: XlsxColumn[]): string {
  const cols = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`)
    .join("");
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><cols>${cols}</cols><sheetData>`;
}

/** Everything of the workbook but its sheet's rows: content types, relationships, the workbook, the styles. */
function packageParts(sheetName: string): [string, string][] {
  const type = "application/vnd.openxmlformats-officedocument";
  return [
    [
      "[Content_Types].xml",
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${type}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${type}.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      "_rels/.rels",
      `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      "xl/styles.xml",
      `${XML}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ],
  ];
}
