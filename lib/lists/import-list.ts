// An uploaded recipient list, from the request's bytes to a stored list and its report, in one pass as the file
// arrives: what the file is (lib/list-files/sniff-file.ts), its rows (lib/csv/csv-rows.ts, or lib/xlsx/xlsx-rows.ts
// after the workbook is spooled to a temporary file — a zip's directory is at its end), its shape from the first rows
// (list-columns.ts), then every row checked, de-duplicated and stored in slices (list-writer.ts). Any failure — a limit
// crossed, the connection dropped, a file that is not a list — deletes whatever was stored and says why in one
// sentence.
import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@/lib/errors/app-error";
import { takeSlot } from "@/lib/fair-share/transfer-slots";
import { CsvShapeError, csvRows, type CsvDialect } from "@/lib/csv/csv-rows";
import { limitedBody } from "@/lib/list-files/limited-body";
import { listShape } from "./list-columns";
import { defaultListName } from "./list-name";
import { earlierCopy, type EarlierCopy } from "./same-file";
import { normalizeUploadedPhone } from "@/lib/recipients/upload-phone";
import { SNIFF_BYTES, sniffFile } from "@/lib/list-files/sniff-file";
import { RowLimits } from "@/lib/list-files/row-limits";
import { MAX_UPLOAD_ROWS, TOO_MANY_ROWS } from "@/lib/list-files/upload-limits";
import { FirstRows } from "@/lib/list-files/first-rows";
import type { RowBatch } from "@/lib/list-files/row-batch";
import { ListWriter, type ListCounts } from "./list-writer";
import { xlsxRows, type SheetChoice } from "@/lib/xlsx/xlsx-rows";
import { formatCount } from "@/lib/numbers/format";

export type ImportInput = {
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  /** Content-Length, when the client sent one. */
  declaredBytes: number | null;
  filename: string;
  /** What to call the list; the file's name without its extension when absent (list-name.ts). */
  name?: string | undefined;
  /** The operator's choice of phone column (by name); guessed when absent. */
  phoneColumn?: string | undefined;
  authorId: string;
  /** The browser's key for asking how far the check has got (GET /api/lists/progress). */
  progressKey?: string | undefined;
};

export type ImportedList = ListCounts & {
  id: string;
  filename: string;
  name: string;
  /** A saved list with exactly these bytes, uploaded before: said, not refused (same-file.ts). */
  sameFile: EarlierCopy | null;
  format: "csv" | "xlsx";
  columns: string[];
  phoneColumn: string;
  report: ListReportInfo;
};

export type ListReportInfo = {
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  sheets?: string[];
  headerRow: number | null;
  /** Rows with more cells than the header has columns (the extra cells are not kept). */
  longRows: number;
};

const SAMPLE_ROWS = 50;
/** One formatter for every report line (toLocaleString builds one per call: a second for 10,000 duplicates). */

export const EMPTY_FILE = "The file is empty: it has no rows.";
export const HEADER_ONLY = "The file has a header row but no rows below it: there is no one to send to.";

type NumberedRows = AsyncIterable<RowBatch>;

export async function importList(input: ImportInput): Promise<ImportedList> {
  // At most two uploads per user at once, 32 per process (lib/fair-share/transfer-slots.ts), taken before a byte is
  // read; a refused upload's body is cancelled rather than read to its end.
  const slot = await takeSlot("UPLOAD", input.authorId).catch(async (error: unknown) => {
    if (input.body && "cancel" in input.body) await input.body.cancel().catch(() => {});
    throw error;
  });
  try {
    return await readUpload(input);
  } finally {
    await slot.release();
  }
}

async function readUpload(input: ImportInput): Promise<ImportedList> {
  const body = limitedBody(input.body, input.declaredBytes);
  const iterator = body[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  const rest: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: async function* () {
      yield* head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
  if (headBytes === 0) throw new AppError("INVALID_INPUT", EMPTY_FILE);
  const sniffed = sniffFile(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  if (sniffed.kind === "refused") {
    await iterator.return?.();
    throw new AppError("INVALID_INPUT", sniffed.reason);
  }

  const info: ListReportInfo = { headerRow: null, longRows: 0 };
  const limits = new RowLimits();
  let spooled: string | null = null;
  try {
    let rows: NumberedRows;
    if (sniffed.kind === "xlsx") {
      spooled = path.join(os.tmpdir(), `tuma-upload-${randomBytes(8).toString("hex")}.xlsx`);
      await pipeline(Readable.from(rest), fs.createWriteStream(spooled));
      rows = readWorkbook(spooled, limits, (choice) =>
        Object.assign(info, { sheet: choice.used, sheets: choice.sheets }),
      );
    } else {
      rows = numbered(
        csvRows(rest, sniffed.encoding, (d: CsvDialect) =>
          Object.assign(info, { delimiter: d.delimiter, encoding: d.encoding }),
        ),
        limits,
      );
    }
    return await store(input, body, sniffed.kind === "xlsx" ? "xlsx" : "csv", rows, info);
  } catch (error) {
    if (error instanceof CsvShapeError) throw new AppError("INVALID_INPUT", error.message);
    throw error;
  } finally {
    if (spooled) await fs.promises.rm(spooled, { force: true });
  }
}

async function store(
  input: ImportInput,
  body: { bytes: number; sha256: string | null },
  format: "csv" | "xlsx",
  rows: NumberedRows,
  info: ListReportInfo,
): Promise<ImportedList> {
  const batches = rows[Symbol.asyncIterator]();
  // The first non-empty rows decide the list's shape.
  const sample: RowBatch = { numbers: [], rows: [] };
  const pending: RowBatch[] = [];
  while (sample.rows.length < SAMPLE_ROWS) {
    const next = await batches.next();
    if (next.done) break;
    pending.push(next.value);
    sample.numbers.push(...next.value.numbers.slice(0, SAMPLE_ROWS - sample.rows.length));
    sample.rows.push(...next.value.rows.slice(0, SAMPLE_ROWS - sample.rows.length));
  }
  if (sample.rows.length === 0) throw new AppError("INVALID_INPUT", EMPTY_FILE);
  if (sample.rows.length === 1 && !sample.rows[0]!.some((cell) => normalizeUploadedPhone(cell).ok))
    throw new AppError("INVALID_INPUT", HEADER_ONLY);
  const shape = listShape(sample.rows, input.phoneColumn);
  const firstData = shape.headerIndex === null ? 0 : shape.headerIndex + 1;
  if (shape.headerIndex !== null) info.headerRow = sample.numbers[shape.headerIndex]!;
  if (firstData >= sample.rows.length) throw new AppError("INVALID_INPUT", HEADER_ONLY);

  const name = input.name?.trim() || defaultListName(input.filename);
  const writer = await ListWriter.begin({
    filename: input.filename,
    name,
    format,
    columns: shape.columns,
    phoneColumn: shape.columns[shape.phoneIndex]!,
    authorId: input.authorId,
    progressKey: input.progressKey,
    bytesRead: () => body.bytes,
  });
  try {
    const seen = new FirstRows(Math.min(MAX_UPLOAD_ROWS, (input.declaredBytes ?? 0) / 32));
    const width = shape.columns.length;
    const phoneIndex = shape.phoneIndex;
    /** Checks one row; true when a slice of recipients or of report lines is ready to store (await writer.next()). */
    const take = (rowNumber: number, cells: string[]): boolean => {
      if (++writer.counts.rows > MAX_UPLOAD_ROWS) throw new AppError("TOO_LARGE", TOO_MANY_ROWS);
      if (cells.length > width && reachesPast(cells, width)) info.longRows++;
      const value = cells[phoneIndex] ?? "";
      const check = normalizeUploadedPhone(value);
      const row = cells.length === width ? cells : fitted(cells, width);
      if (!check.ok) return writer.issue("INVALID", rowNumber, value, check.reason, null, row);
      // The nine digits after 254 fit a small integer: a million of them de-duplicate in 16 MB of typed arrays.
      const first = seen.firstOrAdd(Number(check.phone.slice(3)), rowNumber);
      if (first !== undefined) {
        const reason = `Repeats row ${formatCount(first)} (${check.phone}).`;
        return writer.issue("DUPLICATE", rowNumber, value, reason, first, row);
      }
      return writer.recipient(rowNumber, check.phone, row);
    };
    let skip = firstData;
    for (const batch of pending) {
      const from = Math.min(skip, batch.rows.length);
      skip -= from;
      for (let i = from; i < batch.rows.length; i++) if (take(batch.numbers[i]!, batch.rows[i]!)) await writer.next();
    }
    pending.length = 0;
    for (let next = await batches.next(); !next.done; next = await batches.next()) {
      const { numbers, rows } = next.value;
      for (let i = 0; i < rows.length; i++) if (take(numbers[i]!, rows[i]!)) await writer.next();
      // A turn of the event loop per batch: the slice being stored (its socket) progresses while rows are parsed.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.finish(info, body.bytes, body.sha256);
    return {
      id: writer.id,
      filename: input.filename,
      name,
      sameFile: await earlierCopy(body.sha256, writer.id),
      format,
      columns: shape.columns,
      phoneColumn: shape.columns[shape.phoneIndex]!,
      report: info,
      ...writer.counts,
    };
  } catch (error) {
    await batches.return?.(undefined);
    await writer.abandon();
    throw error;
  }
}

/** Whether a row has a value past the header's last column (trailing empty cells are not a longer row). */
function reachesPast(cells: string[], width: number): boolean {
  for (let i = width; i < cells.length; i++) if (cells[i]!.trim() !== "") return true;
  return false;
}

/** A ragged row made as wide as the header: missing cells empty, extra cells dropped (and counted as long rows). Rows
 * wider than the header are cut rather than refused: spreadsheets often carry a note or a total to the right of a list,
 * and a cell under no header is one no {{placeholder}} can name, so nothing a message uses is lost; the report says how
 * many rows were cut. Rows wider than the column limit were refused as they were read (lib/list-files/row-limits.ts).
 */
function fitted(cells: string[], width: number): string[] {
  const out = new Array<string>(width);
  for (let i = 0; i < width; i++) out[i] = cells[i] ?? "";
  return out;
}

/** CSV records numbered as a spreadsheet shows them (a quoted line break does not start a new row), each held to the
 * row limits as it is read; blank ones skipped (but counted). */
async function* numbered(batches: AsyncIterable<string[][]>, limits: RowLimits): NumberedRows {
  let rowNumber = 0;
  for await (const batch of batches) {
    const out: RowBatch = { numbers: [], rows: [] };
    for (const cells of batch) {
      if (limits.measure(cells, ++rowNumber) === 0) continue;
      out.numbers.push(rowNumber);
      out.rows.push(cells);
    }
    if (out.rows.length) yield out;
  }
}

function readWorkbook(file: string, limits: RowLimits, onSheet: (choice: SheetChoice) => void): NumberedRows {
  return { [Symbol.asyncIterator]: () => xlsxRows(file, limits, onSheet) };
}
