// A list's rows with an empty phone cell are counted apart from its other invalid rows (issue 35: "2,000 rows with a
// number" when 19 had none), against a real database and a real upload.
import { expect, test } from "vitest";
import { author, uploadFile } from "@/test/upload-helpers";
import { rowsWithoutNumber } from "./rows-without-number";

test("rows whose phone cell is empty (or blank) are counted; a wrong number is not", async () => {
  const authorId = await author();
  const csv = "phone,name\n0712000001,Asha\n,Baraka\n   ,Chege\n12345,Dede\n0712000002,Eko\n";
  const upload = await uploadFile(authorId, "clinic.csv", csv, 16);
  expect([upload.valid, upload.invalid]).toEqual([2, 3]);
  const counted = await rowsWithoutNumber([upload.id]);
  expect(counted.get(upload.id)).toBe(2);
  expect(await rowsWithoutNumber([])).toEqual(new Map());
});
