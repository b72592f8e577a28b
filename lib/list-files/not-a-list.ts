// Files people upload by mistake, named for what they are with what to do instead (never "the file is empty"): a
// Word document or a PowerPoint (a zip of word/… or ppt/… parts, or the older OLE2 container), an OpenDocument file,
// any other zip, a PDF, an image, an archive. The zip and OLE2 cases are told apart by the names of their parts,
// which stand uncompressed in the file's first bytes (a zip's local headers; OLE2's directory, in UTF-16) and, for a
// zip, in its central directory (lib/xlsx/xlsx-rows.ts asks again once the whole file is spooled).

const SAVE_AS = "save it as CSV (File → Save as → CSV) or Excel workbook and upload that.";

export const NOT_A_LIST = {
  word: `This is a Word document, not a list: ${SAVE_AS}`,
  powerpoint: `This is a PowerPoint presentation, not a list: ${SAVE_AS}`,
  oldExcel: "This is an old Excel .xls file. Open it in Excel and save it as .xlsx or CSV, then upload that.",
  oldOffice: `This is an old Microsoft Office file (.doc, .xls or .ppt), not a list: ${SAVE_AS}`,
  protected:
    "This file is protected by a password, so it cannot be read: open it, save a copy without the password as CSV or Excel workbook, and upload that.",
  odsSheet: `This is an OpenDocument spreadsheet (.ods), not a list Tuma reads: ${SAVE_AS}`,
  odsText: `This is an OpenDocument text document (.odt), not a list: ${SAVE_AS}`,
  odsSlides: `This is an OpenDocument presentation (.odp), not a list: ${SAVE_AS}`,
  openDocument: `This is an OpenDocument file (.ods, .odt or .odp), not a list Tuma reads: ${SAVE_AS}`,
  zip: "This is a ZIP archive, not a list: unzip it and upload the CSV or Excel workbook inside.",
  pdf: "This is a PDF document, not a list: export the list from where it came as CSV or Excel workbook (a PDF's table cannot be read back) and upload that.",
  rtf: `This is a Rich Text (.rtf) document, not a list: ${SAVE_AS}`,
  image: (kind: string) =>
    `This is a ${kind} image, not a list: upload the list itself, as CSV or Excel workbook (a picture of a table cannot be read).`,
  archive: (kind: string) =>
    `This is a ${kind} archive, not a list: unpack it and upload the CSV or Excel workbook inside.`,
} as const;

/** What a zip is from its parts' names: null for an XLSX workbook (or a zip whose names say nothing yet). */
export function zipNotAList(names: string[], head?: Uint8Array): string | null {
  if (names.some((name) => name.startsWith("xl/"))) return null;
  if (names.some((name) => name.startsWith("word/"))) return NOT_A_LIST.word;
  if (names.some((name) => name.startsWith("ppt/"))) return NOT_A_LIST.powerpoint;
  // OpenDocument: its first entry, "mimetype", is stored uncompressed and says which kind.
  const text = head ? Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 256)).toString("latin1") : "";
  if (text.includes("application/vnd.oasis.opendocument.spreadsheet")) return NOT_A_LIST.odsSheet;
  if (text.includes("application/vnd.oasis.opendocument.text")) return NOT_A_LIST.odsText;
  if (text.includes("application/vnd.oasis.opendocument.presentation")) return NOT_A_LIST.odsSlides;
  return null;
}

/** A whole zip's names (its central directory) that hold no workbook: what it is instead. */
export function zipWithoutWorkbook(names: string[]): string {
  if (names.includes("content.xml") && names.includes("META-INF/manifest.xml")) return NOT_A_LIST.openDocument;
  return zipNotAList(names) ?? NOT_A_LIST.zip;
}

/** The names of the zip entries whose local headers lie in `head` (a zip writes each name before its data). */
export function zipNamesIn(head: Uint8Array): string[] {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  const names: string[] = [];
  for (
    let at = bytes.indexOf("PK\x03\x04", 0, "latin1");
    at !== -1;
    at = bytes.indexOf("PK\x03\x04", at + 4, "latin1")
  ) {
    if (at + 30 > bytes.length) break;
    const length = bytes.readUInt16LE(at + 26);
    if (length === 0 || at + 30 + length > bytes.length) continue;
    names.push(bytes.toString("latin1", at + 30, at + 30 + length));
  }
  return names;
}

/** An OLE2 container (D0 CF 11 E0: Office 97–2003, or a password-protected Office file), by its streams' names. */
export function oleNotAList(head: Uint8Array): string {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  const has = (name: string) => bytes.includes(Buffer.from(name, "utf16le"));
  if (has("EncryptedPackage")) return NOT_A_LIST.protected;
  if (has("WordDocument")) return NOT_A_LIST.word;
  if (has("PowerPoint Document")) return NOT_A_LIST.powerpoint;
  if (has("Workbook") || has("Book")) return NOT_A_LIST.oldExcel;
  return NOT_A_LIST.oldOffice;
}
