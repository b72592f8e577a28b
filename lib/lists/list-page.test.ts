// A saved list's rows page by page, by keyset on the row number in either direction: the row numbers cross 99 → 100
// in order (not as text), invalid and repeated rows leave gaps, the last page holds the rest and has no Next, the
// page after the last is empty with its way back, and a list with no valid rows has no pages at all. Renaming a list
// is audited with the old and new names.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { listPage } from "./list-page";
import { renameList } from "./rename-list";

const authorId = await author();

const upload = (csv: string, filename = "clinic.csv") => uploadFile(authorId, filename, csv, 1024);

/** Data rows 2…131 (the header is row 1); rows 50 and 120 are invalid, so they are not in the list. */
function clinicCsv(): string {
  const lines = ["phone,name,clinic"];
  for (let row = 2; row <= 131; row++)
    lines.push(
      row === 50 || row === 120 ? `123,Bad ${row},X` : `07${String(50_000_000 + row)},Patient ${row},Clinic ${row % 3}`,
    );
  return `${lines.join("\n")}\n`;
}

test("pages of 50 forward and back, across the digit count, to the last page and past it", async () => {
  const list = await upload(clinicCsv());
  expect(list.valid).toBe(128);
  const first = await listPage(list.id, {});
  expect(first.rows.map((r) => r.row)).toEqual([...range(2, 49), ...range(51, 52)]);
  expect(first.rows[0]).toEqual({ row: 2, phone: "254750000002", values: ["0750000002", "Patient 2", "Clinic 2"] });
  expect([first.hasPrevious, first.hasNext]).toEqual([false, true]);

  const second = await listPage(list.id, { after: first.rows.at(-1)!.row });
  // 99, 100, 101 in numeric order: the keyset is the row number, never its text.
  expect(second.rows.map((r) => r.row)).toEqual(range(53, 102));
  expect([second.hasPrevious, second.hasNext]).toEqual([true, true]);

  const third = await listPage(list.id, { after: 102 });
  expect(third.rows.map((r) => r.row)).toEqual([...range(103, 119), ...range(121, 131)]);
  expect([third.hasPrevious, third.hasNext]).toEqual([true, false]);

  // "Last" reads backwards from the end: the last 50 rows, a full page.
  const last = await listPage(list.id, { page: "last" });
  expect(last.rows.map((r) => r.row)).toEqual([...range(80, 119), ...range(121, 131)].slice(-50));
  expect([last.hasPrevious, last.hasNext]).toEqual([true, false]);
  // Previous from the third page comes back to the second exactly.
  const back = await listPage(list.id, { before: 103 });
  expect(back.rows.map((r) => r.row)).toEqual(range(53, 102));
  expect([back.hasPrevious, back.hasNext]).toEqual([true, true]);
  const backToFirst = await listPage(list.id, { before: 53 });
  expect(backToFirst.rows.map((r) => r.row)).toEqual(first.rows.map((r) => r.row));
  expect([backToFirst.hasPrevious, backToFirst.hasNext]).toEqual([false, true]);

  // Past either end: empty, with the way back.
  expect(await listPage(list.id, { after: 131 })).toEqual({ rows: [], hasPrevious: true, hasNext: false });
  expect(await listPage(list.id, { before: 2 })).toEqual({ rows: [], hasPrevious: false, hasNext: true });
});

test("a list of exactly one page, and a list with no valid rows", async () => {
  const lines = Array.from({ length: 50 }, (_, i) => `07${String(51_000_000 + i)}`);
  const exact = await upload(`phone\n${lines.join("\n")}\n`);
  const page = await listPage(exact.id, {});
  expect([page.rows.length, page.rows[0]!.row, page.rows.at(-1)!.row, page.hasPrevious, page.hasNext]).toEqual([
    50,
    2,
    51,
    false,
    false,
  ]);
  const none = await upload("phone,name\n12345,A\n999,B\n");
  expect(none.valid).toBe(0);
  expect(await listPage(none.id, {})).toEqual({ rows: [], hasPrevious: false, hasNext: false });
  expect(await listPage(none.id, { page: "last" })).toEqual({ rows: [], hasPrevious: false, hasNext: false });
});

test("renaming a list is audited with the name it had; the same name changes nothing; a deleted list is not found", async () => {
  const list = await upload("phone\n0712000009\n", "export.csv");
  expect(await renameList(list.id, "  December reminders ", authorId)).toEqual({
    from: "export",
    to: "December reminders",
  });
  expect(await renameList(list.id, "December reminders", authorId)).toEqual({
    from: "December reminders",
    to: "December reminders",
  });
  const { rows } = await pool().query(
    `SELECT (SELECT name FROM "List" WHERE id = $1) AS name,
            (SELECT json_agg(detail) FROM "AuditEvent" WHERE action = 'list.rename' AND "targetId" = $1::text) AS audits`,
    [list.id],
  );
  expect(rows[0]).toEqual({ name: "December reminders", audits: [{ from: "export", to: "December reminders" }] });
  await expect(renameList(list.id, "   ", authorId)).rejects.toThrow("Give the list a name.");
  const missing = await refusal(renameList("00000000-0000-4000-8000-000000000000", "X", authorId));
  expect([missing.code, missing.message]).toEqual(["NOT_FOUND", "That list no longer exists."]);
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
