// A page's rows as COPY … TO STDOUT (FORMAT binary) writes them, when each row is (key, value), both text: the values'
// bytes joined as they came, with the row count and the last row's key — what the next page needs to know, as
// lib/csv/keyed-rows.ts has it for COPY's CSV. The binary format hands a text value over as its UTF-8 bytes with their
// length in front: nothing is escaped on the way (the CSV and text formats quote or backslash-escape), so nothing needs
// undoing, and the bytes never become a JavaScript string. The XLSX export's rows are such values
// (lib/batches/report-xlsx-page.ts): a string per page cost a UTF-8 decode, and writing it into the workbook an encode,
// each longer than the database's own COPY of the page.
//
// The format (PostgreSQL's COPY documentation, "Binary Format"): an 11-byte signature, a 32-bit flags field, a 32-bit
// header-extension length and that many bytes; then each row as a 16-bit field count and, per field, a 32-bit length
// (-1 for NULL) and the bytes; a field count of -1 ends the data. Integers are big-endian.

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const HEADER = SIGNATURE.length + 4 + 4;
const TRAILER = -1;

export type KeyedValues = { bytes: Buffer; rows: number; lastKey: string | null };

/** The values of COPY's binary rows of (key text, value text) joined, their count and the last key. A NULL value adds
 * nothing; a NULL key, another field count or a short buffer throws: the statement is not the one this reads. */
export function keyedBinaryRows(copied: Buffer): KeyedValues {
  if (copied.length < HEADER || !copied.subarray(0, SIGNATURE.length).equals(SIGNATURE))
    throw new Error("Not COPY's binary format: its signature is missing.");
  let at = HEADER + copied.readUInt32BE(HEADER - 4);
  // Never longer than the input: each row loses its count, lengths and key.
  const out = Buffer.alloc(copied.length);
  let length = 0;
  let rows = 0;
  let lastKey: [number, number] | null = null;
  for (;;) {
    const fields = copied.readInt16BE(at);
    at += 2;
    if (fields === TRAILER) break;
    if (fields !== 2) throw new Error(`A row of ${fields} fields at byte ${at - 2}: (key, value) expected.`);
    const keyLength = copied.readInt32BE(at);
    if (keyLength < 0) throw new Error(`A row without its key at byte ${at}.`);
    lastKey = [at + 4, at + 4 + keyLength];
    at = lastKey[1];
    const valueLength = copied.readInt32BE(at);
    at += 4;
    if (valueLength > 0) {
      if (at + valueLength > copied.length) throw new Error(`A value cut short at byte ${at}.`);
      length += copied.copy(out, length, at, at + valueLength);
      at += valueLength;
    }
    rows++;
  }
  if (at !== copied.length) throw new Error(`${copied.length - at} bytes after COPY's trailer.`);
  return { bytes: out.subarray(0, length), rows, lastKey: lastKey && copied.toString("utf8", ...lastKey) };
}
