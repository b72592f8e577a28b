// Files an operator should not be able to store, each refused with the sentence they read, and nothing stored. The
// row limit's boundaries, which read a million rows each, are their own files so that they run beside these
// (million-rows.test.ts, row-limit.test.ts).
import { expect, test } from "vitest";
import { author, counted, pieces, refusedStoringNothing } from "@/test/upload-helpers";
import { EMPTY_FILE, HEADER_ONLY, importList } from "@/lib/lists/import-list";
import { INTERRUPTED } from "./limited-body";
import { NO_PHONE_COLUMN } from "@/lib/lists/list-columns";
import { MAX_UPLOAD_BYTES, TOO_MANY_BYTES } from "@/lib/http/body-limits";

const authorId = await author();

const upload = (body: AsyncIterable<Uint8Array>, declaredBytes: number | null = null) =>
  importList({ body, declaredBytes, filename: "list.csv", authorId });

const refusedWithNothingStored = (body: AsyncIterable<Uint8Array>, declared: number | null = null) =>
  refusedStoringNothing(() => upload(body, declared));

test("an empty file", async () => {
  const error = await refusedWithNothingStored(pieces(""));
  expect([error.code, error.message]).toEqual(["INVALID_INPUT", EMPTY_FILE]);
  expect(EMPTY_FILE).toBe("The file is empty: it has no rows.");
  // Blank lines only are empty too.
  expect((await refusedWithNothingStored(pieces("\r\n\n,,\n"))).message).toBe(EMPTY_FILE);
});

test("only a header row", async () => {
  const error = await refusedWithNothingStored(pieces("name,phone,town\r\n"));
  expect(error.message).toBe(HEADER_ONLY);
  expect(HEADER_ONLY).toBe("The file has a header row but no rows below it: there is no one to send to.");
});

test("no phone column", async () => {
  const error = await refusedWithNothingStored(pieces("name,town\nJane,Kisumu\nJohn,Nyeri\n"));
  expect(error.message).toBe(NO_PHONE_COLUMN);
});

test("a PNG renamed .csv, and other binary files", async () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
  expect((await refusedWithNothingStored(pieces(png))).message).toBe(
    "This is a PNG image, not a list: upload the list itself, as CSV or Excel workbook (a picture of a table cannot be read).",
  );
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
  expect((await refusedWithNothingStored(pieces(binary, 512))).message).toBe(
    "This file is not a CSV or XLSX list: it contains binary data.",
  );
  // An OLE2 file whose directory names a "Workbook" stream (every Excel 97–2003 file has one).
  const xls = Buffer.concat([
    Buffer.from("d0cf11e0a1b11ae1", "hex"),
    Buffer.alloc(504),
    Buffer.from("Workbook", "utf16le"),
  ]);
  expect((await refusedWithNothingStored(pieces(xls))).message).toMatch(/^This is an old Excel \.xls file\./);
});

test("a file over the size limit is refused while it streams: from its Content-Length at once, or at the byte that crosses the limit", async () => {
  let pulled = 0;
  // Rows of ~4 KB: the byte limit comes long before the row limit. Each row's 4 KB are a note to the right of the
  // header, which the import cuts (lib/lists/import-list.ts, fitted): the test's time goes to reading 100 MB, not to storing
  // them until the refusal deletes them (four times as long).
  const mb = Buffer.from(`phone,name\n${`0712345678,Jane,${"x".repeat(3_990)}\n`.repeat(300)}`).subarray(
    0,
    1024 * 1024,
  );
  async function* endless() {
    for (;;) {
      pulled += mb.length;
      yield mb;
    }
  }
  const declared = await refusedWithNothingStored(endless(), MAX_UPLOAD_BYTES + 1);
  expect([declared.code, declared.message, pulled]).toEqual(["TOO_LARGE", TOO_MANY_BYTES, 0]);
  const streaming = await refusedWithNothingStored(endless());
  expect([streaming.code, streaming.message]).toEqual(["TOO_LARGE", TOO_MANY_BYTES]);
  expect(TOO_MANY_BYTES).toBe(
    "The file is larger than 100 MB. Split it into smaller files, or save it as CSV (smaller than XLSX for the same list).",
  );
  // It stopped reading at the piece that crossed the limit: the rest of the upload is never read.
  expect(pulled).toBe(MAX_UPLOAD_BYTES + mb.length);
});

test("the connection dropped half-way: the body errors, or ends short of its Content-Length; nothing is stored", async () => {
  const csv = `phone,name\n${Array.from({ length: 30_000 }, (_, i) => `07${String(10_000_000 + i)},Name ${i}`).join("\n")}\n`;
  const bytes = Buffer.from(csv);
  async function* dropped() {
    yield* pieces(bytes.subarray(0, bytes.length / 2), 64 * 1024);
    throw new Error("socket hang up");
  }
  expect((await refusedWithNothingStored(dropped())).message).toBe(INTERRUPTED);
  // Half the file, then a clean end: without the declared length this would look like a shorter list.
  expect(
    (await refusedWithNothingStored(pieces(bytes.subarray(0, bytes.length / 2), 64 * 1024), bytes.length)).message,
  ).toBe(INTERRUPTED);
  expect(INTERRUPTED).toBe(
    "The upload was interrupted before the whole file arrived; nothing was stored. Upload the file again.",
  );
});

test("a CSV under 1 MB whose header has 30,000 columns (and 60,000 rows below it) is refused at the header, before the rows are read", async () => {
  const header = Array.from({ length: 30_000 }, (_, i) => `column${i}`).join(",");
  const rows = Array.from({ length: 60_000 }, (_, i) => `07${String(10_000_000 + i)}`).join("\n");
  const file = counted(`${header}\n${rows}\n`);
  expect(file.total).toBeGreaterThan(900_000);
  expect(file.total).toBeLessThan(1024 * 1024);
  const error = await refusedWithNothingStored(file.stream);
  expect([error.code, error.message]).toEqual([
    "TOO_LARGE",
    "Row 1 has 30,000 columns; a list may have at most 200. Keep the phone column and the columns your messages use, and upload again.",
  ]);
  // The header's own bytes and a piece or two more: not the 60,000 rows.
  expect(file.pulled).toBeLessThan(header.length + 3 * 64 * 1024);
  expect(file.pulled).toBeLessThan(file.total / 2);
});

test("columns: 200 is the limit, counted to the last cell with a value; a row wider than the header is cut and counted", async () => {
  const names = Array.from({ length: 198 }, (_, i) => `v${i}`);
  // 200 columns and 300 trailing commas (a spreadsheet's export of a row once touched far to the right): stored.
  const wide = `phone,name,${names.join(",")}${",".repeat(300)}\n0712000001,Jane,${names.join(",")}\n0712000002,John${",".repeat(400)}\n`;
  const stored200 = await upload(pieces(wide, 4096));
  expect(stored200.columns).toHaveLength(200);
  expect(stored200).toMatchObject({ rows: 2, valid: 2 });
  expect(stored200.report.longRows).toBe(0);
  // One value in column 201 of a data row: refused by its row, naming the count.
  const over = `phone,name\n0712000001,Jane\n0712000002,John${",x".repeat(199)}\n`;
  expect((await refusedWithNothingStored(pieces(over, 4096))).message).toBe(
    "Row 3 has 201 columns; a list may have at most 200. Keep the phone column and the columns your messages use, and upload again.",
  );
  // Wider than the header but within the limit: cut to the header, and the report says how many rows were.
  const ragged = await upload(pieces("phone,name\n0712000001,Jane,note\n0712000002,John\n"));
  expect(ragged.report.longRows).toBe(1);
  expect(ragged.columns).toEqual(["phone", "name"]);
});

test("a cell of 5,000 characters is kept; one of 5,001 is refused by its row and column", async () => {
  const kept = await upload(pieces(`phone,note\n0712000001,${"a".repeat(5_000)}\n`, 4096));
  expect(kept).toMatchObject({ rows: 1, valid: 1 });
  const error = await refusedWithNothingStored(
    pieces(`phone,note\n0712000001,ok\n0712000002,${"a".repeat(5_001)}\n`, 4096),
  );
  expect([error.code, error.message]).toEqual([
    "TOO_LARGE",
    "Row 3, column 2 holds 5,001 characters; a cell may hold at most 5,000. Shorten it and upload again.",
  ]);
});
