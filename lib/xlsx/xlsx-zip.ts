// The zip inside an XLSX workbook, read by us rather than by exceljs or unzipper, because a zip says nothing true
// about what it expands to: a 1 MB entry can inflate to 1 GiB, its declared size can lie, and a parser that walks
// every entry inflates junk it never uses. So: the central directory's entry count is checked before the directory
// is read; only the entries the caller asks for are ever inflated; each is inflated as a stream and its inflated bytes
// counted as they come out, against a cap for that entry and a cap for the whole workbook, and refused at the byte
// that crosses either — a zip bomb is refused as such in the time it takes to inflate the cap, whatever it declares.
import fs from "node:fs";
import { pipeline } from "node:stream";
import zlib from "node:zlib";
import { AppError } from "@/lib/errors/app-error";
import { formatCount } from "@/lib/numbers/format";

/** Far more than a workbook has (a few per sheet); bounds the directory read before any entry. */
export const MAX_ZIP_ENTRIES = 1_000;
/** Everything inflated from one workbook; a list of a million rows is a few hundred MB of sheet XML. */
export const MAX_INFLATED_BYTES = 1024 * 1024 * 1024;
/** Shared strings are all kept in memory while the sheet is read. */
export const MAX_SHARED_STRINGS_BYTES = 100 * 1024 * 1024;
/** The workbook, its relationships and styles: kilobytes in a real file. */
export const MAX_PART_BYTES = 16 * 1024 * 1024;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const NOT_A_WORKBOOK =
  "This file starts like an XLSX workbook but is not one (it is damaged or cut short). Open it in Excel, save it again as .xlsx or CSV, and upload that.";

const bytes = (n: number) =>
  n >= 1024 * 1024 * 1024 ? `${n / 1024 / 1024 / 1024} GB` : `${Math.round(n / 1024 / 1024)} MB`;

export function zipBomb(path: string, cap: number, total: boolean): AppError {
  return new AppError(
    "TOO_LARGE",
    total
      ? `This workbook unpacks to more than ${bytes(cap)} (reached while unpacking ${path}): it is refused as a zip bomb. If it is a real list, save it as CSV and upload that.`
      : `This workbook's ${path} unpacks to more than ${bytes(cap)}: it is refused as a zip bomb. If it is a real list, save it as CSV and upload that.`,
  );
}

type Entry = { path: string; method: number; flags: number; compressedSize: number; size: number; offset: number };

export class XlsxZip {
  /** The most inflated bytes seen of each entry read (an entry read twice counts once towards the total). */
  private inflated = new Map<string, number>();
  private total = 0;

  private constructor(
    private readonly file: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(file: string): Promise<XlsxZip> {
    const handle = await fs.promises.open(file, "r");
    try {
      const entries = await readDirectory(handle);
      return new XlsxZip(file, entries);
    } finally {
      await handle.close();
    }
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  paths(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * The entry's text, inflated and decoded as it streams (a character cut between two pieces stays whole), refused
   * at the byte that crosses `cap` or the workbook's total. Stopping early (a limit crossed below) closes the file.
   */
  async *text(path: string, cap: number): AsyncGenerator<string> {
    const entry = this.entries.get(path);
    if (!entry) return;
    if (entry.size > cap) throw zipBomb(path, cap, false);
    if (entry.flags & 1)
      throw new AppError("INVALID_INPUT", "This workbook is encrypted. Save it without a password and upload again.");
    if (entry.method !== 0 && entry.method !== 8) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    if (entry.compressedSize === 0) return;
    const start = await dataStart(this.file, entry);
    const raw = fs.createReadStream(this.file, { start, end: start + entry.compressedSize - 1 });
    // pipeline() destroys both streams when the consumer stops: no file handle outlives a refusal.
    const inflated =
      entry.method === 8 ? pipeline(raw, zlib.createInflateRaw({ chunkSize: 64 * 1024 }), () => {}) : raw;
    const decoder = new TextDecoder("utf-8");
    let read = 0;
    try {
      for await (const chunk of inflated as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > cap) throw zipBomb(path, cap, false);
        const seen = this.inflated.get(path) ?? 0;
        if (read > seen) {
          this.total += read - seen;
          this.inflated.set(path, read);
          if (this.total > MAX_INFLATED_BYTES) throw zipBomb(path, MAX_INFLATED_BYTES, true);
        }
        yield decoder.decode(chunk, { stream: true });
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    } finally {
      inflated.destroy();
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
}

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
  return buffer;
}

/** The central directory, after checking from its end record how many entries it has and how long it is. */
async function readDirectory(handle: fs.promises.FileHandle): Promise<Map<string, Entry>> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
  let count = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    // ZIP64: the real figures are in a record the locator just before the end record points to.
    if (at < 20 || tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    const record = await readAt(handle, Number(tail.readBigUInt64LE(at - 12)), 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    count = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (count > MAX_ZIP_ENTRIES)
    throw new AppError(
      "TOO_LARGE",
      `This workbook holds ${formatCount(count)} files; a spreadsheet has a few dozen, and at most ${formatCount(MAX_ZIP_ENTRIES)} are read. Save the list as CSV and upload that.`,
    );
  if (directoryOffset + directorySize > size) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries = new Map<string, Entry>();
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL)
      throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    const entry: Entry = {
      flags: directory.readUInt16LE(p + 8),
      method: directory.readUInt16LE(p + 10),
      compressedSize: directory.readUInt32LE(p + 20),
      size: directory.readUInt32LE(p + 24),
      offset: directory.readUInt32LE(p + 42),
      path: directory.toString("utf8", p + 46, p + 46 + nameLength),
    };
    zip64Sizes(entry, directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    if (entry.offset + entry.compressedSize > size) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    // A name given twice: the first is the one read (a second copy is never inflated).
    if (!entries.has(entry.path)) entries.set(entry.path, entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offset of 0xFFFFFFFF are in the ZIP64 extra field (id 1), in this order, only those that overflowed. */
function zip64Sizes(entry: Entry, extra: Buffer): void {
  const fields = (["size", "compressedSize", "offset"] as const).filter((key) => entry[key] === 0xffffffff);
  if (fields.length === 0) return;
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 1 && length >= fields.length * 8 && p + 4 + length <= extra.length) {
      fields.forEach((key, i) => (entry[key] = Number(extra.readBigUInt64LE(p + 4 + i * 8))));
      return;
    }
    p += 4 + length;
  }
  throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
}

/** Where the entry's bytes start: after its local header, whose name and extra field lengths are its own. */
async function dataStart(file: string, entry: Entry): Promise<number> {
  const handle = await fs.promises.open(file, "r");
  try {
    const header = await readAt(handle, entry.offset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw new AppError("INVALID_INPUT", NOT_A_WORKBOOK);
    return entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
}
