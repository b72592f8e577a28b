// Searching a batch by its list's columns (issue 19 item 4): a 1,000,000-row list (phone, name, clinic, patient
// number; names and clinics repeat as real ones do, some with accents) and a batch of its 1,000,000 recipients, each
// with its row (Message.listRow), generated in SQL. Measured in this process, as the recipients page asks: one page
// (50, with each row's cells) of a search for a unique patient number, a name shared by about ten, a clinic shared
// by a tenth of the list, a term matching no one, an accent-free spelling of an accented name, and the last page of a
// common term — first over the list's rows (before its search text exists), then the time to store the search text,
// then the p95 of REPEAT runs of each through the trigram index, against the 150 ms target.
// Run: npx tsx --conditions=react-server bench/list-search.ts   (BENCH_LIST_ROWS=1000000, BENCH_REPEAT=20)
import { benchAccountId, benchBatch } from "./bench-batch";
import { fmt, withBenchEnv } from "./bench-env";
import { readyList } from "./generated-list";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";
import { firstRow } from "./query";
import { p95, secondsOf, timed } from "./timed-runs";
import { againstPageTarget } from "./batch-pages";

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);

const FIRST = ["Wanjiru", "Otieno", "Amina", "Kiprono", "Achieng", "Élodie", "Mwangi", "Njeri", "Baraka", "Zawadi"];
const LAST = ["Kamau", "Ochieng", "Mohamed", "Kiptoo", "Wambui", "Mutua", "Odhiambo", "Chebet", "Nyaga", "Karanja"];
const CLINICS = ["Nakuru West", "Kisumu East", "Murang'a", "Nyeri Town", "Eldoret", "Machakos", "Thika", "Embu"];

export async function benchListSearch(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const { listMessages } = await import("../lib/batches/list-messages");
    const { buildSearchText } = await import("../lib/batches/list-search");
    const { recipientSearchSchema } = await import("../lib/batches/recipient-search");

    const t0 = performance.now();
    const upload = await readyList("patients", ["phone", "name", "clinic", "patient"], ROWS);
    // Row g: a first name of 10 and a last name of 10 cycling at different rates (100 names, 10,000 rows each), with
    // a middle name per g % 1,000 (so "Wanjiru N17 Kamau" is a few hundred rows), a clinic of 8 (an eighth each, one
    // accented in the file's own way), and a unique patient number.
    await pool().query(
      `INSERT INTO "ListRecipient" ("listId", "rowNumber", phone, "values")
       SELECT $1, g + 1, '2547' || lpad(g::text, 8, '0'),
              json_build_array('07' || lpad(g::text, 8, '0'),
                               ($3::text[])[g % 10 + 1] || ' N' || (g % 997) || ' ' || ($4::text[])[(g / 10) % 10 + 1],
                               ($5::text[])[g % 8 + 1], 'P-' || lpad(g::text, 7, '0'))::text
       FROM generate_series(1, $2::int) g`,
      [upload.id, ROWS, FIRST, LAST, CLINICS],
    );
    const batch = await benchBatch(await benchAccountId(env), "Bench search", ROWS, {
      sender: null,
      listId: upload.id,
    });
    await pool().query(
      `INSERT INTO "Message" ("batchId", phone, state, "listRow", "updatedAt")
       SELECT $1, '2547' || lpad(g::text, 8, '0'), 'DELIVERED', g + 1, now() FROM generate_series(1, $2::int) g`,
      [batch.id, ROWS],
    );
    await pool().query(`VACUUM ANALYZE "ListRecipient", "Message"`);
    await pool().query(`CHECKPOINT`);
    const generated = (performance.now() - t0) / 1000;

    const middle = Math.floor(ROWS / 2);
    const searches: [string, string, string | undefined][] = [
      ["a unique patient number", `P-${String(middle).padStart(7, "0")}`, undefined],
      ["a name a few share", "wanjiru n17 kamau", undefined],
      ["a clinic an eighth share", "kisumu", undefined],
      ["an accented name typed plain", "elodie n5", undefined],
      ["a term matching no one", "Zebedee", undefined],
      ["the last page of a clinic", "nakuru", undefined],
    ];
    // The last page: the cursor 50 matches before the end of the batch.
    const tail = await firstRow<{ id: string }>(
      `SELECT m.id::text AS id FROM "Message" m WHERE m."batchId" = $1 AND m."listRow" % 8 = 1
       ORDER BY m.id DESC OFFSET 30 LIMIT 1`,
      [batch.id],
    );
    searches[5]![2] = tail.id;
    const page = (term: string, after?: string) =>
      listMessages(batch.id, { search: recipientSearchSchema.parse(term), after, limit: 50 });

    const found: Record<string, number> = {};
    const overRows: Record<string, number> = {};
    // Over the list's rows, once each (each call would start the build; it is taken below, so hold it off).
    const holder = await pool().connect();
    const { BUILD_LOCK_SPACE } = await import("../lib/batches/list-search");
    await holder.query(`SELECT pg_advisory_lock($1, hashtext($2))`, [BUILD_LOCK_SPACE, upload.id]);
    for (const [label, term, after] of searches) {
      const { result, ms } = await timed(() => page(term, after));
      [found[label], overRows[label]] = [result.rows.length, ms];
    }
    await holder.query(`SELECT pg_advisory_unlock_all()`);
    holder.release();

    const built = await secondsOf(() => buildSearchText(upload.id));
    await pool().query(`VACUUM ANALYZE "ListSearchText"`);

    const figures: Record<string, string> = {
      "list and batch generated (s)": `${fmt(ROWS)} rows and recipients in ${fmt(generated, 1)} s`,
      "search text stored, on the first search (s)": fmt(built, 1),
    };
    for (const [label, term, after] of searches) {
      const ms = await p95(() => page(term, after), REPEAT);
      const again = (await page(term, after)).rows.length;
      if (again !== found[label])
        throw new Error(`"${term}": ${again} rows by the index, ${found[label]} over the rows`);
      figures[`${label} ("${term}"), ${again} shown: p95`] =
        `${againstPageTarget(ms)}; ${fmt(overRows[label]!)} ms before the search text`;
    }
    return { name: `search a batch by its list's columns (${fmt(ROWS)} recipients)`, figures };
  });
}

runAlone(import.meta.url, benchListSearch);
