// Zip files and XLSX workbooks written byte by byte for upload tests, so that a test can make what no spreadsheet
// program writes: an entry that inflates a thousandfold, a size that lies, a thousand and one entries, a merged range
// to column XFD. Deflate data is made with node:zlib; pieces deflated separately are joined with sync flushes, which
// is how a gigabyte of XML comes from a megabyte of bytes without the gigabyte ever being in memory.
import zlib from "node:zlib";

/** Raw deflate data and what it inflates to. `crc` is left 0 for data too large to hash in a test (never checked). */
export type Deflated = { bytes: Buffer; size: number; crc: number };
export type ZipInput = { name: string; data: string | Buffer | Deflated; declaredSize?: number };

const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** Deflates pieces one by one (each a sync-flushed run of blocks), ending with an empty final block. */
export function deflatePieces(pieces: Iterable<string | Buffer>): Deflated {
  const parts: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    const data = typeof piece === "string" ? Buffer.from(piece) : piece;
    size += data.length;
    crc = zlib.crc32(data, crc);
    parts.push(zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 1 }));
  }
  parts.push(FINAL_EMPTY_BLOCK);
  return { bytes: Buffer.concat(parts), size, crc };
}

/** `megabytes` MB of `unit` (its length must divide a megabyte). */
export type Repeat = { unit: string; megabytes: number };

/**
 * Text and long repeats, deflated: a repeat costs about a thousandth of its size (one deflated megabyte, repeated),
 * so a test can write a gigabyte of XML in a megabyte without the gigabyte ever being in memory.
 */
export function deflateParts(parts: (string | Repeat)[]): Deflated {
  const segments: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
    if (typeof part === "string") {
      segments.push(zlib.deflateRawSync(Buffer.from(part), flush));
      size += Buffer.byteLength(part);
      continue;
    }
    if ((1024 * 1024) % part.unit.length !== 0) throw new Error("the unit's length must divide 1 MB");
    const one = zlib.deflateRawSync(Buffer.from(part.unit.repeat((1024 * 1024) / part.unit.length)), flush);
    for (let i = 0; i < part.megabytes; i++) segments.push(one);
    size += part.megabytes * 1024 * 1024;
  }
  return { bytes: Buffer.concat([...segments, FINAL_EMPTY_BLOCK]), size, crc: 0 };
}

/** A zip of the entries, deflated, in order; `declaredSize` replaces the true inflated size in both headers. */
export function zipFile(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const deflated =
      typeof entry.data === "string" || Buffer.isBuffer(entry.data) ? deflatePieces([entry.data]) : entry.data;
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? deflated.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(deflated.crc >>> 0, 14);
    local.writeUInt32LE(deflated.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.crc >>> 0, 16);
    central.writeUInt32LE(deflated.bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated.bytes);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export type SheetInput = { name: string; xml: string | Deflated; declaredSize?: number };

/**
 * The smallest workbook exceljs and Excel read: the content types, the package's and the workbook's relationships,
 * the workbook naming its sheets, the sheets, optionally shared strings, then any other entries.
 */
export function xlsxFile(options: { sheets: SheetInput[]; sharedStrings?: string[]; extra?: ZipInput[] }): Buffer {
  const { sheets, sharedStrings, extra = [] } = options;
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const entries: ZipInput[] = [
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("")}</Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("")}${sharedStrings ? `<Relationship Id="rIdS" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` : ""}</Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets>${sheets.map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    },
  ];
  if (sharedStrings)
    entries.push({
      name: "xl/sharedStrings.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((text) => `<si><t>${text}</t></si>`).join("")}</sst>`,
    });
  sheets.forEach((sheet, i) =>
    entries.push({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data: sheet.xml,
      ...(sheet.declaredSize !== undefined ? { declaredSize: sheet.declaredSize } : {}),
    }),
  );
  return zipFile([...entries, ...extra]);
}

/** A worksheet's XML around its rows (each `<row>…</row>`, already written) and its merged ranges. */
export function sheetXml(rows: string, merges: string[] = []): string {
  const mergeCells = merges.length
    ? `<mergeCells count="${merges.length}">${merges.map((ref) => `<mergeCell ref="${ref}"/>`).join("")}</mergeCells>`
    : "";
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData>${mergeCells}</worksheet>`;
}

/** A row of inline-string cells (`cells` by column letter, e.g. { A: "phone", B: "name" }). */
export function row(number: number, cells: Record<string, string>): string {
  const xml = Object.entries(cells)
    .map(([column, text]) => `<c r="${column}${number}" t="inlineStr"><is><t>${text}</t></is></c>`)
    .join("");
  return `<row r="${number}">${xml}</row>`;
}

/** The three pieces of a sheet's XML around a long run of rows, for deflatePieces. */
export function sheetPieces(rows: Iterable<string>, merges: string[] = []): Iterable<string> {
  const [head, tail] = sheetXml("\u0000", merges).split("\u0000") as [string, string];
  return (function* () {
    yield head;
    yield* rows;
    yield tail;
  })();
}
