// An uploaded recipient list, from the request's bytes to a stored list and its report, in one pass as the file
// arrives: what the file is (sniff-file.ts), its rows (csv-rows.ts, or xlsx-rows.ts after the workbook is spooled to
// a temporary file — a zip's directory is at its end), its shape from the first rows (list-columns.ts), then every
// row checked, de-duplicated and stored in slices (upload-writer.ts). Any failure — a limit crossed, the connection
// dropped, a file that is not a list — deletes whatever was stored and says why in one sentence.
import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@/lib/errors/app-error";
import { CsvShapeError, csvRows, type CsvDialect } from "./csv-rows";
import { limitedBody } from "./limited-body";
import { listShape } from "./list-columns";
import { normalizeUploadedPhone } from "./upload-phone";
import { SNIFF_BYTES, sniffFile } from "./sniff-file";
import { MAX_UPLOAD_ROWS, TOO_MANY_ROWS } from "./upload-limits";
import { UploadWriter, type UploadCounts } from "./upload-writer";
import { xlsxRows, type SheetChoice } from "./xlsx-rows";

export type ImportInput = {
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  /** Content-Length, when the client sent one. */
  declaredBytes: number | null;
  filename: string;
  /** The operator's choice of phone column (by name); guessed when absent. */
  phoneColumn?: string | undefined;
  authorId: string;
};

export type ImportedUpload = UploadCounts & {
  id: string;
  filename: string;
  format: "csv" | "xlsx";
  columns: string[];
  phoneColumn: string;
  report: UploadReportInfo;
};

export type UploadReportInfo = {
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  sheets?: string[];
  headerRow: number | null;
  /** Rows with more cells than the header has columns (the extra cells are not kept). */
  longRows: number;
};

const SAMPLE_ROWS = 50;

export const EMPTY_FILE = "The file is empty: it has no rows.";
export const HEADER_ONLY = "The file has a header row but no rows below it: there is no one to send to.";

type NumberedRows = AsyncIterable<[number, string[]][]>;

export async function importUpload(input: ImportInput): Promise<ImportedUpload> {
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

  const info: UploadReportInfo = { headerRow: null, longRows: 0 };
  let spooled: string | null = null;
  try {
    let rows: NumberedRows;
    if (sniffed.kind === "xlsx") {
      spooled = path.join(os.tmpdir(), `tuma-upload-${randomBytes(8).toString("hex")}.xlsx`);
      await pipeline(Readable.from(rest), fs.createWriteStream(spooled));
      rows = readWorkbook(spooled, (choice) => Object.assign(info, { sheet: choice.used, sheets: choice.sheets }));
    } else {
      rows = numbered(
        csvRows(rest, sniffed.encoding, (d: CsvDialect) =>
          Object.assign(info, { delimiter: d.delimiter, encoding: d.encoding }),
        ),
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
  body: { bytes: number },
  format: "csv" | "xlsx",
  rows: NumberedRows,
  info: UploadReportInfo,
): Promise<ImportedUpload> {
  const batches = rows[Symbol.asyncIterator]();
  // The first non-empty rows decide the list's shape.
  const sample: [number, string[]][] = [];
  let pendingBatch: [number, string[]][] = [];
  while (sample.length < SAMPLE_ROWS) {
    const next = await batches.next();
    if (next.done) break;
    for (const row of next.value) (sample.length < SAMPLE_ROWS ? sample : pendingBatch).push(row);
  }
  if (sample.length === 0) throw new AppError("INVALID_INPUT", EMPTY_FILE);
  if (sample.length === 1 && !sample[0]![1].some((cell) => normalizeUploadedPhone(cell).ok))
    throw new AppError("INVALID_INPUT", HEADER_ONLY);
  const shape = listShape(
    sample.map(([, cells]) => cells),
    input.phoneColumn,
  );
  const firstData = shape.headerIndex === null ? 0 : shape.headerIndex + 1;
  if (shape.headerIndex !== null) info.headerRow = sample[shape.headerIndex]![0];
  if (firstData >= sample.length) throw new AppError("INVALID_INPUT", HEADER_ONLY);

  const writer = await UploadWriter.begin({
    filename: input.filename,
    format,
    columns: shape.columns,
    phoneColumn: shape.columns[shape.phoneIndex]!,
    authorId: input.authorId,
  });
  try {
    const seen = new Map<number, number>();
    const width = shape.columns.length;
    /** Checks one row; true when a slice of recipients is ready to store (await writer.next()). */
    const take = ([rowNumber, cells]: [number, string[]]): boolean => {
      if (++writer.counts.rows > MAX_UPLOAD_ROWS) throw new AppError("TOO_LARGE", TOO_MANY_ROWS);
      if (cells.length > width) info.longRows++;
      const value = cells[shape.phoneIndex] ?? "";
      const check = normalizeUploadedPhone(value);
      if (!check.ok) {
        writer.issue("INVALID", rowNumber, value, check.reason);
        return false;
      }
      // The nine digits after 254 fit a small integer: a million of them de-duplicate in a few tens of MB.
      const key = Number(check.phone.slice(3));
      const first = seen.get(key);
      if (first !== undefined) {
        writer.issue(
          "DUPLICATE",
          rowNumber,
          value,
          `Repeats row ${first.toLocaleString("en")} (${check.phone}).`,
          first,
        );
        return false;
      }
      seen.set(key, rowNumber);
      const values = new Array<string>(width);
      for (let i = 0; i < width; i++) values[i] = (cells[i] ?? "").replace(/\0/g, "");
      return writer.recipient(rowNumber, check.phone, values);
    };
    for (const row of [...sample.slice(firstData), ...pendingBatch]) if (take(row)) await writer.next();
    pendingBatch = [];
    for (let next = await batches.next(); !next.done; next = await batches.next()) {
      for (const row of next.value) if (take(row)) await writer.next();
      // A turn of the event loop per batch: the slice being stored (its socket) progresses while rows are parsed.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.finish(info, body.bytes);
    return {
      id: writer.id,
      filename: input.filename,
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

/** CSV records numbered as a spreadsheet shows them (a quoted line break does not start a new row); blank ones skipped. */
async function* numbered(batches: AsyncIterable<string[][]>): NumberedRows {
  let rowNumber = 0;
  for await (const batch of batches) {
    const out: [number, string[]][] = [];
    for (const cells of batch) {
      rowNumber++;
      if (cells.every((cell) => cell.trim() === "")) continue;
      out.push([rowNumber, cells]);
    }
    if (out.length) yield out;
  }
}

function readWorkbook(file: string, onSheet: (choice: SheetChoice) => void): NumberedRows {
  return { [Symbol.asyncIterator]: () => xlsxRows(file, onSheet) };
}
