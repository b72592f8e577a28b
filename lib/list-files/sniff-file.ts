// What an uploaded file is, from its first bytes (never from its name: a Word document renamed .csv is still a Word
// document): an XLSX workbook (a zip of xl/… parts), a file that is not a list named for what it is (not-a-list.ts:
// Word, PowerPoint, old Office, OpenDocument, other zips, PDF, RTF, images, archives), some other binary file, or text in one of the encodings spreadsheets export —
// UTF-8 with or without BOM, UTF-16 (Excel's "Unicode text"), or Windows-1252 (Excel's "CSV" on Windows).

import { NOT_A_LIST, oleNotAList, zipNamesIn, zipNotAList } from "./not-a-list";

export type SniffedFile =
  | { kind: "xlsx" }
  | { kind: "text"; encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252"; bomLength: number }
  | { kind: "refused"; reason: string };

/** Files that are not lists, by their first bytes (a zip and OLE2 are told apart further: not-a-list.ts). */
const SIGNATURES: { bytes: (number | null)[]; reason: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], reason: NOT_A_LIST.pdf }, // %PDF
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], reason: NOT_A_LIST.rtf }, // {\rtf
  { bytes: [0x89, 0x50, 0x4e, 0x47], reason: NOT_A_LIST.image("PNG") },
  { bytes: [0xff, 0xd8, 0xff], reason: NOT_A_LIST.image("JPEG") },
  { bytes: [0x47, 0x49, 0x46, 0x38], reason: NOT_A_LIST.image("GIF") },
  // RIFF....WEBP
  { bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50], reason: NOT_A_LIST.image("WebP") },
  { bytes: [0x49, 0x49, 0x2a, 0x00], reason: NOT_A_LIST.image("TIFF") },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], reason: NOT_A_LIST.image("TIFF") },
  { bytes: [0x1f, 0x8b], reason: NOT_A_LIST.archive("gzip") },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], reason: NOT_A_LIST.archive("RAR") }, // Rar!
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], reason: NOT_A_LIST.archive("7-Zip") },
];

const BINARY = "This file is not a CSV or XLSX list: it contains binary data.";

function startsWith(head: Uint8Array, bytes: (number | null)[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, i) => byte === null || head[i] === byte);
}

/** `head` is the first bytes of the file (SNIFF_BYTES of them, or the whole file when shorter). */
export const SNIFF_BYTES = 64 * 1024;

export function sniffFile(head: Uint8Array): SniffedFile {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const other = zipNotAList(zipNamesIn(head), head);
    return other ? { kind: "refused", reason: other } : { kind: "xlsx" };
  }
  // An empty zip, or one that spans disks: no workbook either.
  if (startsWith(head, [0x50, 0x4b, 0x05, 0x06]) || startsWith(head, [0x50, 0x4b, 0x07, 0x08]))
    return { kind: "refused", reason: NOT_A_LIST.zip };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { kind: "refused", reason: oleNotAList(head) };
  for (const signature of SIGNATURES)
    if (startsWith(head, signature.bytes)) return { kind: "refused", reason: signature.reason };
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return { kind: "text", encoding: "utf-8", bomLength: 3 };
  if (startsWith(head, [0xff, 0xfe])) return { kind: "text", encoding: "utf-16le", bomLength: 2 };
  if (startsWith(head, [0xfe, 0xff])) return { kind: "text", encoding: "utf-16be", bomLength: 2 };
  // UTF-16 without a BOM: ASCII text has a zero in every other byte.
  const sample = head.subarray(0, 4096 - (Math.min(head.length, 4096) % 2));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const pairs = sample.length / 2;
  if (pairs >= 2 && oddZeros > pairs * 0.4 && evenZeros === 0)
    return { kind: "text", encoding: "utf-16le", bomLength: 0 };
  if (pairs >= 2 && evenZeros > pairs * 0.4 && oddZeros === 0)
    return { kind: "text", encoding: "utf-16be", bomLength: 0 };
  if (evenZeros + oddZeros > 0 || controlShare(sample) > 0.05) return { kind: "refused", reason: BINARY };
  return { kind: "text", encoding: isUtf8(head) ? "utf-8" : "windows-1252", bomLength: 0 };
}

/** Control characters other than tab, CR, LF: text files have next to none. */
function controlShare(sample: Uint8Array): number {
  if (sample.length === 0) return 0;
  let controls = 0;
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) controls++;
  return controls / sample.length;
}

/** Valid UTF-8, allowing a multi-byte character cut off at the end of the sample. */
function isUtf8(sample: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}
