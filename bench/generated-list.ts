// A saved list generated in SQL, stored as the upload import stores one (phone in the 254… form, the row's values as
// JSON text, columns phone + name): row g is 2547 + g in 8 digits, "07…" as written, and "Name g". `settle`: vacuumed
// and checkpointed afterwards, as autovacuum leaves a list uploaded a few minutes before, so that what is timed next
// does not pay for the generation (the first read after a bulk insert also writes every page's hint bits).
// `note`: a third column, empty but in the middle row, which holds 1,600 characters (a free-text column a template
// need not use, as real lists have). `language`: a third column instead, `sw` on even rows and `en` on odd ones (a list
// in two languages, docs/languages.md).
import { pool } from "../lib/db/pool";
import { db } from "../lib/db/client";

export type GeneratedList = { id: string; seconds: number };

/** The phone of row `g` (1-based), as the list stores it: what an array of the same recipients would hold. */
export const listPhone = (g: number) => `2547${String(g).padStart(8, "0")}`;

/** A READY list row of `rows` valid rows with these columns, phone first; its rows are the caller's to write. */
export async function readyList(name: string, columns: string[], rows: number): Promise<{ id: string }> {
  return db.list.create({
    data: {
      filename: `${name}.csv`,
      name,
      sizeBytes: 0,
      state: "READY",
      columns,
      phoneColumn: "phone",
      rowCount: rows,
      validCount: rows,
    },
    select: { id: true },
  });
}

export async function generateList(
  rows: number,
  { settle, note = false, language = false }: { settle: boolean; note?: boolean; language?: boolean },
): Promise<GeneratedList> {
  const started = performance.now();
  const third = note ? "note" : language ? "language" : null;
  const upload = await readyList("million", third ? ["phone", "name", third] : ["phone", "name"], rows);
  const values = note
    ? `json_build_array('07' || lpad(g::text, 8, '0'), 'Name ' || g, CASE WHEN g = $2 / 2 THEN repeat('x', 1600) ELSE '' END)`
    : language
      ? `json_build_array('07' || lpad(g::text, 8, '0'), 'Name ' || g, CASE WHEN g % 2 = 0 THEN 'sw' ELSE 'en' END)`
      : `json_build_array('07' || lpad(g::text, 8, '0'), 'Name ' || g)`;
  await pool().query(
    `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, "values")
     SELECT $1, g + 1, '2547' || lpad(g::text, 8, '0'), ${values}::text FROM generate_series(1, $2::int) g`,
    [upload.id, rows],
  );
  if (settle) {
    await pool().query(`VACUUM ANALYZE "ListRecipient"`);
    await pool().query(`CHECKPOINT`);
  }
  return { id: upload.id, seconds: (performance.now() - started) / 1000 };
}
