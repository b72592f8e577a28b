// Storing alone (issue 41 item 2): 100,000 recipients stored by createBatch for a batch scheduled an hour ahead (no
// send competes: stored at full speed), with the duplicate-send guard as Compose applies it and without; then what
// each part of storing a slice costs, each measured alone on 100,000 rows in a transaction rolled back: reserving the
// ids, COPY into Message with the check that its batch exists (a statement trigger since migration
// message_batch_check; a row-by-row foreign key before) and without it, and the guard's write (SentText). Target:
// storing 100,000 ≤ 2.5 s. Then one text against two language variants (issue 39: half the recipients in Kiswahili,
// half the default; guard off): the target is within 5 %. Run: npx tsx --conditions=react-server bench/storing.ts   (BENCH_STORING=100000)
import { benchPhones, fmt, seedAccount, smsBatch, withBenchEnv } from "./bench-env";
import { inTransaction, numberOf } from "./query";
import { secondsOf, timed } from "./timed-runs";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";

const RECIPIENTS = Number(process.env.BENCH_STORING ?? 100_000);

export async function benchStoring(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const account = await seedAccount(env);
    const { createBatch } = await import("../lib/batches/create-batch");
    const { copyLines } = await import("../lib/db/copy-lines");
    const { rememberSent } = await import("../lib/batches/duplicate-guard");
    const phones = benchPhones(RECIPIENTS);
    const store = async (guard: boolean, name: string, variants = false) => {
      const { result: batch, seconds } = await timed(() =>
        createBatch(
          {
            ...smsBatch(account, name, 0, `Habari! ${name}`),
            scheduledAt: new Date(Date.now() + 3_600_000),
            recipients: phones.map((phone, i) => ({ phone, language: variants && i % 2 ? "sw" : null })),
            ...(variants ? { variants: [{ language: "sw", text: `Habari za leo! ${name}` }] } : {}),
          },
          { guardDuplicates: guard },
        ),
      );
      return { seconds, id: batch.id };
    };
    const guarded = await store(true, "guarded");
    const plain = await store(false, "plain");
    const guarded2 = await store(true, "guarded again");
    const oneText = await store(false, "one text");
    const twoVariants = await store(false, "two variants", true);

    /** `work` in a transaction that is rolled back: its seconds (or the seconds it returns, of its timed part). */
    const alone = (work: (client: import("pg").PoolClient) => Promise<unknown>) =>
      inTransaction(async (client) => {
        const t0 = performance.now();
        const timed = await work(client);
        return typeof timed === "number" ? timed : (performance.now() - t0) / 1000;
      }, "ROLLBACK");
    const ids = await alone((c) =>
      c.query(`SELECT nextval('"Message_id_seq"')::text AS id FROM generate_series(1, $1)`, [RECIPIENTS]),
    );
    const now = new Date().toISOString();
    const lines = (batchId: string, first: number) =>
      phones.map((phone, i) => `${first + i}\t${batchId}\t${phone}\t\\N\tPENDING\t\\N\t${now}\n`);
    const copyStatement = `COPY "Message" (id, "batchId", phone, text, state, "listRow", "updatedAt") FROM STDIN`;
    // Ids past every one stored, read before the transaction (an ALTER in it locks Message for every other session).
    const first = (await numberOf(`SELECT max(id) AS n FROM "Message"`)) + 1000;
    const copyWithCheck = await alone((c) => copyLines(c, copyStatement, lines(plain.id, first)));
    // The ALTER's own time is not the COPY's: only the COPY is timed.
    const copyWithoutCheck = await alone(async (c) => {
      await c.query(`ALTER TABLE "Message" DISABLE TRIGGER message_batches_exist`);
      return secondsOf(() => copyLines(c, copyStatement, lines(plain.id, first)));
    });
    const guardWrite = await alone((c) =>
      rememberSent(
        c,
        plain.id,
        phones,
        phones.map(() => "A text"),
        new Date(),
      ),
    );
    return {
      name: `storing ${RECIPIENTS.toLocaleString("en")} recipients (scheduled: nothing sent meanwhile)`,
      figures: {
        "createBatch, guard on / off / on again (s) (target ≤ 2.5)": `${fmt(guarded.seconds, 2)} / ${fmt(plain.seconds, 2)} / ${fmt(guarded2.seconds, 2)}`,
        "recipients per second (guard off)": fmt(RECIPIENTS / plain.seconds),
        "one text / two language variants, guard off (s) (target: within 5 %)": `${fmt(oneText.seconds, 2)} / ${fmt(twoVariants.seconds, 2)} (${fmt((twoVariants.seconds / oneText.seconds - 1) * 100, 1)} %)`,
        "parts alone — ids reserved (s)": fmt(ids, 2),
        "parts alone — COPY with the batch check (s)": fmt(copyWithCheck, 2),
        "parts alone — COPY without it (s)": fmt(copyWithoutCheck, 2),
        "parts alone — the guard's write (s)": fmt(guardWrite, 2),
      },
    };
  });
}

runAlone(import.meta.url, benchStoring);
