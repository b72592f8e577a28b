// The characters XML 1.0 cannot hold, dropped: the C0 controls but tab, line feed and carriage return, and U+FFFE and
// U+FFFF. Recipients' text may hold them (a list's cell, a provider's error); an XLSX with one in it does not open.
// No markup Tuma writes holds any, so a whole page of the sheet's XML can be cleaned at once, as text or as UTF-8 bytes.

const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function withoutXmlForbidden(text: string): string {
  return text.replace(FORBIDDEN, "");
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
/** U+FFFE and U+FFFF in UTF-8: EF BF BE and EF BF BF (no other character's bytes hold this sequence). */
const EF = 0xef;
const BF = 0xbf;

/** The forbidden controls as a one-byte string holds them (latin1: one character per byte). */
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** The first two bytes of U+FFFE and U+FFFF in UTF-8 (EF BF BE, EF BF BF). */
const NON_CHARACTER_LEAD = Buffer.from([EF, BF]);

/**
 * UTF-8 `bytes` without XML's forbidden characters, compacted in place (the caller's buffer, which it must own); the
 * buffer itself when it holds none, as a page nearly always does. That is asked of native scans (a search for two
 * bytes, a regular expression over the bytes as latin1): a loop over each byte in JavaScript cost as much as the
 * database's COPY of the page (BENCHMARKS.md, "XLSX rows by COPY's binary format").
 */
export function withoutXmlForbiddenBytes(bytes: Buffer): Buffer {
  if (bytes.indexOf(NON_CHARACTER_LEAD) === -1 && !FORBIDDEN_CONTROL.test(bytes.toString("latin1"))) return bytes;
  let to = 0;
  for (let from = 0; from < bytes.length; from++) {
    const byte = bytes[from]!;
    if (byte < 0x20 ? byte !== TAB && byte !== LF && byte !== CR : byte === EF && isNonCharacter(bytes, from)) {
      if (byte === EF) from += 2;
      continue;
    }
    if (to !== from) bytes[to] = byte;
    to++;
  }
  return to === bytes.length ? bytes : bytes.subarray(0, to);
}

function isNonCharacter(bytes: Buffer, at: number): boolean {
  return bytes[at + 1] === BF && (bytes[at + 2] === 0xbe || bytes[at + 2] === 0xbf);
}
