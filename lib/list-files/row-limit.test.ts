// The boundary where lists grow, from above: the 1,000,001st row is refused while the file is still arriving, blank
// rows counted, and nothing is stored. Its own file (a million rows read and stored, then deleted): it runs beside
// bad-uploads.test.ts and million-rows.test.ts rather than after them.
import { expect, test } from "vitest";
import { author, counted, numberedRows, refusedStoringNothing } from "@/test/upload-helpers";
import { importList } from "@/lib/lists/import-list";
import { MAX_UPLOAD_ROWS, TOO_MANY_ROWS } from "./upload-limits";

const authorId = await author();

const refusedWithNothingStored = (body: AsyncIterable<Uint8Array>) =>
  refusedStoringNothing(() => importList({ body, declaredBytes: null, filename: "list.csv", authorId }));

test("the 1,000,001st row is refused while streaming, and nothing is stored", async () => {
  const error = await refusedWithNothingStored(numberedRows(MAX_UPLOAD_ROWS + 1));
  expect([error.code, error.message]).toEqual(["TOO_LARGE", TOO_MANY_ROWS]);
  expect(TOO_MANY_ROWS).toBe(
    "The file has more than 1,000,000 rows (blank rows count too). Split it into smaller files and upload each.",
  );
});

test("five million blank lines count against the row limit: refused at the 1,000,002nd row, not read to the end", async () => {
  const file = counted(`phone,name\n0712000001,Jane\n${"\r\n".repeat(5_000_000)}0712000002,John\n`);
  const error = await refusedWithNothingStored(file.stream);
  expect([error.code, error.message]).toEqual(["TOO_LARGE", TOO_MANY_ROWS]);
  expect(file.pulled).toBeLessThan(file.total / 2);
  // Blank lines only: the same refusal, not "empty file" after reading all of them.
  const blank = counted("\n".repeat(5_000_000));
  expect((await refusedWithNothingStored(blank.stream)).message).toBe(TOO_MANY_ROWS);
  expect(blank.pulled).toBeLessThan(blank.total / 2);
});
