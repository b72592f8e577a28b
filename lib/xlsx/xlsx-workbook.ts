// An XLSX workbook opened for reading its lists: exceljs's streaming parsers (shared strings, styles, the workbook's
// sheet names, each worksheet's rows), fed from xlsx-zip.ts instead of exceljs's own unzipping, which walks and
// inflates every entry of the zip in the order it was written with nothing counted (see xlsx-zip.ts). Here the parts
// are read in the order they are needed, only those, each under its cap; sheets in the order of their tabs; and no
// run of XML between two tags may exceed 1 MB, so no parser ever holds a text or a tag larger than that.
//
// exceljs 4.4 has no public way to read parts from elsewhere, so its reader's part parsers (_parseRels,
// _parseWorkbook, _parseSharedStrings, _parseStyles, _parseWorksheet) are called by name; import-xlsx.test.ts and
// bad-xlsx.test.ts read real workbooks through them, so an exceljs upgrade that renames them fails there.
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { AppError } from "@/lib/errors/app-error";
import { MAX_CELL_CHARS } from "@/lib/list-files/upload-limits";
import { MAX_INFLATED_BYTES, MAX_PART_BYTES, MAX_SHARED_STRINGS_BYTES, type XlsxZip } from "./xlsx-zip";
import { formatCount } from "@/lib/numbers/format";

export type SheetReader = AsyncIterable<ExcelJS.Row> & { name: string };
export type WorkbookSheet = { name: string; path: string };

type Relationship = { Id: string; Target: string };
type ReaderParts = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<string>, sheetNo: string): Generator<{ value: SheetReader }>;
  workbookRels?: Relationship[];
  model?: { sheets?: { name: string; rId: string }[] };
  sharedStrings?: unknown[];
};

/** A longer run between two '<' is no spreadsheet's: a cell may hold 5,000 characters, a tag a few hundred. */
const MAX_XML_RUN = 1024 * 1024;

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

export class XlsxWorkbook {
  private constructor(
    private readonly zip: XlsxZip,
    private readonly reader: ReaderParts,
    readonly sheets: WorkbookSheet[],
  ) {}

  static async open(zip: XlsxZip): Promise<XlsxWorkbook> {
    // Loaded with the first workbook, not with the process: exceljs holds about 20 MB in every process that imports it
    // (the importer and the web server, which would carry it idle for lists that are mostly CSV; BENCHMARKS.md, idle memory).
    const { default: ExcelJS } = await import("exceljs");
    const reader = new ExcelJS.stream.xlsx.WorkbookReader("", {
      worksheets: "emit",
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "cache",
      entries: "ignore",
    }) as unknown as ReaderParts;
    const part = (path: string, cap: number) => Readable.from(boundedXml(zip.text(path, cap), path));
    if (zip.has("xl/_rels/workbook.xml.rels"))
      await reader._parseRels(part("xl/_rels/workbook.xml.rels", MAX_PART_BYTES));
    if (zip.has("xl/workbook.xml")) await reader._parseWorkbook(part("xl/workbook.xml", MAX_PART_BYTES));
    reader.sharedStrings = [];
    if (zip.has("xl/sharedStrings.xml"))
      for await (const _ of reader._parseSharedStrings(part("xl/sharedStrings.xml", MAX_SHARED_STRINGS_BYTES))) void _;
    // Styles say which numbers are dates.
    if (zip.has("xl/styles.xml")) await reader._parseStyles(part("xl/styles.xml", MAX_PART_BYTES));
    return new XlsxWorkbook(zip, reader, sheetsOf(zip, reader));
  }

  /** The text of a sheet's XML, as its rows are read (for a pass of its own, like the merged ranges). */
  sheetXml(sheet: WorkbookSheet): AsyncIterable<string> {
    return boundedXml(this.zip.text(sheet.path, MAX_INFLATED_BYTES), sheet.path);
  }

  /** The sheet's rows, streamed. */
  rows(sheet: WorkbookSheet): SheetReader {
    const [emitted] = [...this.reader._parseWorksheet(this.sheetXml(sheet), sheet.path)];
    // A cell beyond column XFD is refused by exceljs itself (its column cache stops there), before any column is made.
    const worksheet = emitted!.value;
    worksheet.name = sheet.name;
    return worksheet;
  }
}

/** Worksheets in the order of their tabs (xl/workbook.xml and its relationships); without those, by file name. */
function sheetsOf(zip: XlsxZip, reader: ReaderParts): WorkbookSheet[] {
  const targets = new Map((reader.workbookRels ?? []).map((rel) => [rel.Id, partPath(rel.Target)]));
  const sheets: WorkbookSheet[] = [];
  const listed = new Set<string>();
  for (const sheet of reader.model?.sheets ?? []) {
    const path = targets.get(sheet.rId);
    if (!path || !WORKSHEET.test(path) || !zip.has(path) || listed.has(path)) continue;
    listed.add(path);
    sheets.push({ name: sheet.name, path });
  }
  if (sheets.length > 0) return sheets;
  const numbered = zip
    .paths()
    .map((path) => ({ path, n: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(path)?.[1] }))
    .filter((sheet): sheet is { path: string; n: string } => sheet.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n));
  return numbered.map(({ path, n }) => ({ name: `Sheet${n}`, path }));
}

/** A relationship's target as a path in the zip: relative to xl/, or absolute from the root. */
function partPath(target: string): string {
  return target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
}

/** Refuses XML with a run longer than MAX_XML_RUN between two '<' (a cell's text or a tag's attributes). */
async function* boundedXml(chunks: AsyncIterable<string>, path: string): AsyncGenerator<string> {
  let run = 0;
  for await (const chunk of chunks) {
    let last = -1;
    for (let at = chunk.indexOf("<"); at !== -1; at = chunk.indexOf("<", at + 1)) {
      if (run + at - last - 1 > MAX_XML_RUN) break;
      run = 0;
      last = at;
    }
    run += chunk.length - last - 1;
    if (run > MAX_XML_RUN)
      throw new AppError(
        "TOO_LARGE",
        `This workbook's ${path} has a value longer than 1 MB; a cell may hold at most ${formatCount(MAX_CELL_CHARS)} characters.`,
      );
    yield chunk;
  }
}
