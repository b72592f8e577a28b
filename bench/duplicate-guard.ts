// The duplicate-send guard at a million (issue 17 item 2, target ≤ 2 s): a 1,000,000-row list (phone, name) and a
// memory of recent sends ("SentText") of 2,100,000 (text, number) pairs — every list number sent something, a tenth
// "Habari" and another tenth "Habari {{name}}" rendered, and 1,000,000 other numbers other texts — generated in SQL. Measured in
// this process, as Compose asks (lib/batches/list-duplicates.ts, find-duplicates.ts): the check of the list for a text
// the same for everyone (one indexed query), for a personalised text (every row rendered and hashed, asked a slice at
// a time), and for 100,000 pasted numbers; each the median of REPEAT runs after one warm-up. "Message" is not read.
// Run: npx tsx --conditions=react-server bench/duplicate-guard.ts   (BENCH_LIST_ROWS=1000000, BENCH_REPEAT=5)
import { fmt, withBenchEnv } from "./bench-env";
import { generateList, listPhone } from "./generated-list";
import { numberOf } from "./query";
import { runAlone } from "./run-alone";
import { median } from "./timed-runs";
import type { BenchResult } from "./types";

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const TARGET_MS = 2_000;

export async function benchDuplicateGuard(): Promise<BenchResult> {
  return withBenchEnv(async () => {
    const { pool } = await import("../lib/db/pool");
    const { textHash } = await import("../lib/batches/text-hash");
    const { rememberSent } = await import("../lib/batches/duplicate-guard");
    const { findDuplicates } = await import("../lib/batches/find-duplicates");

    const t0 = performance.now();
    // Row g: 2547 + g, "Name g" (bench/generated-list.ts); vacuumed below with the memory.
    const list = await generateList(ROWS, { settle: false });
    // Every tenth number was sent "Habari" (the same text for everyone) within the window; the rest of the memory
    // is other texts to the same and to other numbers.
    const fixed = "Habari";
    const batchId = crypto.randomUUID();
    await pool().query(
      `INSERT INTO "SentText" ("textHash", phone, "sentAt", "batchId")
       SELECT CASE WHEN g % 10 = 0 THEN $2::bigint ELSE $3::bigint + g % 97 END, '2547' || lpad(g::text, 8, '0'),
              now() - interval '1 hour', $4
       FROM generate_series(1, 2 * $1::int) g`,
      [ROWS, textHash(fixed), textHash("Other text"), batchId],
    );
    // The personalised text rendered for every tenth row, remembered the way a batch remembers it.
    for (let start = 1; start <= ROWS; start += 100_000) {
      const phones: string[] = [];
      const texts: string[] = [];
      for (let g = start; g < start + 100_000 && g <= ROWS; g += 10) {
        phones.push(listPhone(g));
        texts.push(`Habari Name ${g}`);
      }
      await rememberSent(pool(), batchId, phones, texts, new Date(Date.now() - 3_600_000));
    }
    await pool().query(`VACUUM ANALYZE "ListRecipient", "SentText"`);
    await pool().query(`CHECKPOINT`);
    const memory = await numberOf(`SELECT count(*)::int AS n FROM "SentText"`);
    const generated = (performance.now() - t0) / 1000;

    const pasted = Array.from({ length: 100_000 }, (_, i) => listPhone(i * 3 + 1));
    const cases: [string, () => Promise<{ recipients: unknown[] }>][] = [
      ["list, the same text for everyone", () => findDuplicates({ templateText: fixed, listId: list.id })],
      ["list, personalised text", () => findDuplicates({ templateText: "Habari {{name}}", listId: list.id })],
      ["100,000 pasted numbers", () => findDuplicates({ templateText: fixed, phones: pasted })],
    ];
    const figures: Record<string, string> = {
      "list and memory generated (s)": `${fmt(ROWS)} rows, ${fmt(memory)} remembered sends in ${fmt(generated, 1)} s`,
    };
    for (const [label, ask] of cases) {
      const found = (await ask()).recipients.length;
      const ms = await median(ask, REPEAT);
      figures[`${label}: ${fmt(found)} found, median`] = `${fmt(ms)} ms (${fmt(ms / TARGET_MS, 2)} × the 2 s target)`;
    }
    return { name: `duplicate-send guard (${fmt(ROWS)}-row list)`, figures };
  });
}

runAlone(import.meta.url, benchDuplicateGuard);
