// Files people upload by mistake, each generated here and sent under a .csv name (the name is never believed): each
// is refused with a sentence that names what it is and what to do instead, never "the file is empty", and nothing is
// stored. A workbook is still read, whatever order its parts come in.
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { author, pieces, refusedStoringNothing, uploadFile } from "@/test/upload-helpers";
import { row, sheetXml, xlsxFile, zipFile, type ZipInput } from "@/test/zip-builder";
import { importList } from "@/lib/lists/import-list";
import { NOT_A_LIST } from "./not-a-list";
import { sniffFile } from "./sniff-file";

const authorId = await author();

async function refusedWithNothingStored(file: Buffer): Promise<string> {
  const error = await refusedStoringNothing(() =>
    importList({ body: pieces(file, 4096), declaredBytes: file.length, filename: "patients.csv", authorId }),
  );
  expect(error.code).toBe("INVALID_INPUT");
  return error.message;
}

const CSV = "phone,name\n0712000001,Amina\n0712000002,Baraka\n";

/** An Office Open XML package: the content types, the package's relationships, then `parts`. */
function ooxml(parts: ZipInput[]): Buffer {
  return zipFile([
    { name: "[Content_Types].xml", data: '<?xml version="1.0"?><Types/>' },
    { name: "_rels/.rels", data: '<?xml version="1.0"?><Relationships/>' },
    ...parts,
  ]);
}

/** An OLE2 compound file (Office 97–2003): its header, then a directory sector naming `streams` (UTF-16LE). */
function ole2(streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(header);
  const directory = Buffer.alloc(512);
  ["Root Entry", ...streams].slice(0, 4).forEach((name, i) => {
    directory.write(name, i * 128, "utf16le");
    directory.writeUInt16LE((name.length + 1) * 2, i * 128 + 64);
  });
  return Buffer.concat([header, randomBytes(1024), directory]);
}

test("a Word document (.docx) renamed .csv is named as one, with what to do instead", async () => {
  const docx = ooxml([
    { name: "word/document.xml", data: "<w:document><w:body><w:p>0712000001</w:p></w:body></w:document>" },
  ]);
  expect(await refusedWithNothingStored(docx)).toBe(NOT_A_LIST.word);
  expect(NOT_A_LIST.word).toBe(
    "This is a Word document, not a list: save it as CSV (File → Save as → CSV) or Excel workbook and upload that.",
  );
});

test("a Word document whose parts are named only past the first 64 KiB is still named as one (from the zip's directory)", async () => {
  const docx = zipFile([
    { name: "[Content_Types].xml", data: "<Types/>" },
    // A picture that does not compress pushes every other local header past the bytes sniffed.
    { name: "media/image1.bin", data: randomBytes(100 * 1024) },
    { name: "word/document.xml", data: "<w:document/>" },
  ]);
  expect(await refusedWithNothingStored(docx)).toBe(NOT_A_LIST.word);
});

test("an old Word .doc, an old Excel .xls, a password-protected file and another OLE2 file", async () => {
  expect(await refusedWithNothingStored(ole2(["WordDocument", "1Table"]))).toBe(NOT_A_LIST.word);
  expect(await refusedWithNothingStored(ole2(["Workbook"]))).toBe(NOT_A_LIST.oldExcel);
  expect(await refusedWithNothingStored(ole2(["EncryptedInfo", "EncryptedPackage"]))).toBe(NOT_A_LIST.protected);
  expect(await refusedWithNothingStored(ole2(["PowerPoint Document"]))).toBe(NOT_A_LIST.powerpoint);
  expect(await refusedWithNothingStored(ole2(["Something"]))).toBe(NOT_A_LIST.oldOffice);
});

test("a PowerPoint (.pptx), an OpenDocument file and a plain ZIP holding the CSV", async () => {
  expect(await refusedWithNothingStored(ooxml([{ name: "ppt/presentation.xml", data: "<p:presentation/>" }]))).toBe(
    NOT_A_LIST.powerpoint,
  );
  const ods = zipFile([
    { name: "mimetype", data: "application/vnd.oasis.opendocument.spreadsheet" },
    { name: "content.xml", data: "<office:document-content/>" },
    { name: "META-INF/manifest.xml", data: "<manifest:manifest/>" },
  ]);
  expect(await refusedWithNothingStored(ods)).toBe(NOT_A_LIST.openDocument);
  expect(await refusedWithNothingStored(zipFile([{ name: "patients.csv", data: CSV }]))).toBe(NOT_A_LIST.zip);
  expect(NOT_A_LIST.zip).toBe(
    "This is a ZIP archive, not a list: unzip it and upload the CSV or Excel workbook inside.",
  );
});

test("an OpenDocument file says which kind from its uncompressed mimetype", () => {
  // Local header of a stored (uncompressed) first entry "mimetype", as every OpenDocument file starts.
  const mimetype = (kind: string) => {
    const data = Buffer.from(`application/vnd.oasis.opendocument.${kind}`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(8, 26);
    return Buffer.concat([local, Buffer.from("mimetype"), data]);
  };
  expect(sniffFile(mimetype("spreadsheet"))).toEqual({ kind: "refused", reason: NOT_A_LIST.odsSheet });
  expect(sniffFile(mimetype("text"))).toEqual({ kind: "refused", reason: NOT_A_LIST.odsText });
  expect(sniffFile(mimetype("presentation"))).toEqual({ kind: "refused", reason: NOT_A_LIST.odsSlides });
});

test("a PDF, RTF, images and compressed archives", async () => {
  const cases: [string, Buffer, string][] = [
    ["PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), NOT_A_LIST.pdf],
    ["RTF", Buffer.from("{\\rtf1\\ansi phone,name\\par 0712000001,Amina\\par}"), NOT_A_LIST.rtf],
    ["PNG", Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"), NOT_A_LIST.image("PNG")],
    ["JPEG", Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), randomBytes(200)]), NOT_A_LIST.image("JPEG")],
    ["GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), NOT_A_LIST.image("GIF")],
    [
      "WebP",
      Buffer.concat([Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"), randomBytes(40)]),
      NOT_A_LIST.image("WebP"),
    ],
    ["TIFF", Buffer.concat([Buffer.from("49492a00", "hex"), randomBytes(100)]), NOT_A_LIST.image("TIFF")],
    ["gzip", zlib.gzipSync(CSV), NOT_A_LIST.archive("gzip")],
    ["RAR", Buffer.concat([Buffer.from("526172211a0700", "hex"), randomBytes(100)]), NOT_A_LIST.archive("RAR")],
    ["7-Zip", Buffer.concat([Buffer.from("377abcaf271c", "hex"), randomBytes(100)]), NOT_A_LIST.archive("7-Zip")],
  ];
  for (const [kind, file, message] of cases)
    expect([kind, await refusedWithNothingStored(file)]).toEqual([kind, message]);
  expect(NOT_A_LIST.image("PNG")).toBe(
    "This is a PNG image, not a list: upload the list itself, as CSV or Excel workbook (a picture of a table cannot be read).",
  );
});

test("a workbook is still read, even with a stray word/ part", async () => {
  const workbook = xlsxFile({
    sheets: [{ name: "Patients", xml: sheetXml(`${row(1, { A: "phone" })}${row(2, { A: "0712000001" })}`) }],
    extra: [{ name: "word/stray.xml", data: "<x/>" }],
  });
  const list = await uploadFile(authorId, "a.csv", workbook, 4096);
  expect([list.format, list.valid]).toEqual(["xlsx", 1]);
});
