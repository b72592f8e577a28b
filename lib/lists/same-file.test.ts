// A list's name (given, or the file's name without its extension) and the same file uploaded again: recognised by the
// SHA-256 taken while the bytes streamed in — however the bytes were cut into pieces —, said and not refused; a file
// that differs by one byte, or whose earlier copy was deleted, is new.
import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, pieces } from "@/test/upload-helpers";
import { importList } from "./import-list";
import { defaultListName } from "./list-name";
import { removeList } from "./remove-list";
import { countRows } from "@/test/report-data";

const authorId = await author();

const csv = `phone,name\n${Array.from({ length: 3_000 }, (_, i) => `07${String(40_000_000 + i)},Name ${i}`).join("\n")}\n`;
const upload = (data: string, filename: string, name?: string, size = 64 * 1024) =>
  importList({ body: pieces(data, size), declaredBytes: null, filename, name, authorId });

test("a list is named at upload, or after its file without the extension", async () => {
  expect(defaultListName("December reminders.csv")).toBe("December reminders");
  expect(defaultListName("clinic.list.v2.xlsx")).toBe("clinic.list.v2");
  expect(defaultListName(".csv")).toBe(".csv");
  const named = await upload("phone\n0712000001\n", "export (3).csv", "  December reminders ");
  const unnamed = await upload("phone\n0712000002\n", "Kisumu patients.csv");
  const { rows } = await pool().query(`SELECT id, name FROM "List" WHERE id = ANY($1) ORDER BY name`, [
    [named.id, unnamed.id],
  ]);
  expect(rows).toEqual([
    { id: named.id, name: "December reminders" },
    { id: unnamed.id, name: "Kisumu patients" },
  ]);
  expect([named.name, unnamed.name]).toEqual(["December reminders", "Kisumu patients"]);
});

test("the same bytes uploaded again are flagged with the earlier list, and stored all the same", async () => {
  const first = await upload(csv, "december.csv", "December reminders");
  expect(first.sameFile).toBeNull();
  const { rows } = await pool().query<{ contentHash: string; createdAt: Date }>(
    `SELECT "contentHash", "createdAt" FROM "List" WHERE id = $1`,
    [first.id],
  );
  expect(rows[0]!.contentHash).toBe(createHash("sha256").update(csv).digest("hex"));

  // The same file in other pieces, under another name: the earlier list is named, and this one is a list too.
  const again = await upload(csv, "december (1).csv", undefined, 7);
  expect(again.sameFile).toEqual({
    id: first.id,
    name: "December reminders",
    createdAt: rows[0]!.createdAt.toISOString(),
  });
  expect(again.valid).toBe(3_000);
  expect(await countRows(`"List" WHERE id = ANY($1) AND state = 'READY'`, [[first.id, again.id]])).toBe(2);

  // A third copy names the newest earlier one; one byte different is another file.
  expect((await upload(csv, "c.csv")).sameFile?.id).toBe(again.id);
  expect((await upload(csv.replace("Name 0", "Name O"), "d.csv")).sameFile).toBeNull();
});

test("a file whose earlier copy was deleted is not flagged", async () => {
  const data = "phone,town\n0712345001,Nyeri\n0712345002,Embu\n";
  const first = await upload(data, "towns.csv");
  await removeList(first.id, authorId);
  expect((await upload(data, "towns.csv")).sameFile).toBeNull();
});
