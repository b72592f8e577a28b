// A saved list's opted-out count is true when it is read, not only as of its upload (issue 35 item 6): the trigger on
// "OptOut" (migration list_opted_out_live) moves the count the Lists page reads (findLists, getList) and the list's
// "Opted out" group when a number on it is opted out or its opt-out removed, by hand or by a file of numbers.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { addOptOut, addOptOutsFromUpload, removeOptOut } from "@/lib/opt-outs/opt-outs";
import { author, uploadFile } from "@/test/upload-helpers";
import { findLists, getList } from "./find-lists";

const upload = (csv: string, filename: string, authorId: string) => uploadFile(authorId, filename, csv, 64);

const onPage = async (id: string) => (await findLists()).find((l) => l.id === id)?.optedOutCount;
const group = async (id: string) =>
  (
    await pool().query<{ row: number; value: string }>(
      `SELECT "rowNumber" AS row, value FROM "ListIssue" WHERE "listId" = $1 AND kind = 'OPTED_OUT' ORDER BY 1`,
      [id],
    )
  ).rows;

test("opting out a number on a saved list counts it at once on the Lists page; removing the opt-out uncounts it", async () => {
  const authorId = await author();
  await addOptOut({ phone: "0712600001" }, authorId);
  const list = await upload("phone,name\n0712600001,A\n0712600002,B\n0712600003,C\n", "clinic.csv", authorId);
  const other = await upload("phone\n0712600003\n0712600009\n", "other.csv", authorId);
  expect(await onPage(list.id)).toBe(1);
  expect(await onPage(other.id)).toBe(0);

  // One more opted out after the upload: one more on the page, in the list's own read, and in its "Opted out" group.
  await addOptOut({ phone: "+254712600003", reason: "STOP" }, authorId);
  expect(await onPage(list.id)).toBe(2);
  expect((await getList(list.id))?.optedOutCount).toBe(2);
  expect(await onPage(other.id)).toBe(1);
  expect(await group(list.id)).toEqual([
    { row: 2, value: "254712600001" },
    { row: 4, value: "254712600003" },
  ]);

  // Its opt-out removed: one fewer, on every list it is on.
  await removeOptOut("254712600003", authorId, "Asked to hear from the clinic again");
  expect(await onPage(list.id)).toBe(1);
  expect(await onPage(other.id)).toBe(0);
  expect(await group(list.id)).toEqual([{ row: 2, value: "254712600001" }]);
  // The opt-out from before the upload, removed: none left.
  await removeOptOut("254712600001", authorId, "Consent given again");
  expect(await onPage(list.id)).toBe(0);
  expect(await group(list.id)).toEqual([]);

  // A file of opt-outs is one statement: every list it touches moves by the numbers on it (an opted-out number
  // already on the opt-out list is not counted twice).
  await addOptOut({ phone: "0712600002" }, authorId);
  const file = await upload("phone\n0712600002\n0712600003\n0712600009\n", "stop.csv", authorId);
  await addOptOutsFromUpload(file.id, authorId);
  expect(await onPage(list.id)).toBe(2);
  expect(await onPage(other.id)).toBe(2);
});
