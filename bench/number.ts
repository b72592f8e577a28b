// One number's story at scale (issue 38 item 3, lib/number-story/number-story.ts): BENCH_NUMBER_MESSAGES messages
// (10,000,000 by default) over five past weekly partitions, one number among them sent to every 10,000th message
// (1,000 messages at 10 million, spread over every week) and the rest spread over 100 million numbers. Then:
//   - the closed weeks' (phone, id) indexes built as the worker builds them (lib/history/partitions.ts
//     indexClosedWeeks, migration phone_index_closed_weeks): how long, for how many rows;
//   - what the open week's index set costs: storing a 100,000-recipient batch (one INSERT of generated PENDING rows
//     with every trigger, as the COPY of lib/batches/store-recipients.ts lands them) and recording its dispatch (the
//     send's answer written 100 rows at a time, as lib/dispatch/record.ts does), BENCH_NUMBER_ROUNDS (4) rounds
//     each, alternately, with (phone) alone — the design, and the index set from before issue 38 — and with
//     (phone, id) on the open week as well, as issue 38's first design had it;
//   - then, with those rounds' messages in the open week (the number among them), the number's page — its four reads
//     at once (a page of messages, the summary, the opt-out, the lists), as app/(console)/numbers/[phone]/page.tsx
//     runs them — first page and last page, p95 of BENCH_REPEAT (20) runs; and the read of
//     `GET /api/v1/messages?phone=` (lib/api/read-messages.ts), the same two pages.
// Run: BENCH_ONLY=number npm run bench   (BENCH_NUMBER_MESSAGES=1000000 for a quicker run)
import { benchAccountId, benchBatch, messageIdsFrom, thisWeek, weekBase } from "./bench-batch";
import { fmt, keepPastWeeks, withBenchEnv } from "./bench-env";
import { firstRow, numberOf } from "./query";
import { p95, timed } from "./timed-runs";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";

const MESSAGES = Number(process.env.BENCH_NUMBER_MESSAGES ?? 10_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const ROUNDS = Number(process.env.BENCH_NUMBER_ROUNDS ?? 4);
const WEEKS = 5;
const BATCH = 100_000;
const CHUNK = 100;
const TARGET = "254700000042";
const EVERY = 10_000;

const GENERATED = `
  SELECT $1::uuid, CASE WHEN g % ${EVERY} = 0 THEN '${TARGET}' ELSE '2547' || lpad((g % 100000000)::text, 8, '0') END,
         s.state::"MessageState", CASE s.state WHEN 'DELIVERED' THEN 'DeliveredToTerminal' END,
         CASE WHEN s.state <> 'PENDING' THEN 'Safaricom' END, CASE WHEN s.state <> 'PENDING' THEN 1 END,
         CASE WHEN s.state <> 'PENDING' THEN $3::timestamptz END,
         CASE WHEN s.state = 'DELIVERED' THEN $3::timestamptz + interval '10 seconds' END,
         CASE WHEN s.state <> 'PENDING' THEN md5(g::text) END, $3::timestamptz, $3::timestamptz
  FROM generate_series(1, $2::int) g
  CROSS JOIN LATERAL (SELECT CASE WHEN $4::boolean THEN 'PENDING' WHEN g % 100 < 85 THEN 'DELIVERED' ELSE 'QUEUED' END
                      AS state) s`;
const COLUMNS = `("batchId", phone, state, "deliveryStatus", operator, "smsUnits", "submittedAt", "receiptAt", "providerUniqueId", "createdAt", "updatedAt")`;

export async function benchNumber(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { pool } = await import("../lib/db/pool");
    const story = await import("../lib/number-story/number-story");
    const week = await thisWeek();
    const accountId = await benchAccountId(env);
    // The weeks' batches are finished; the cost rounds' batches are about to send (QUEUED, a batch's first state).
    const newBatch = async (name: string, count: number, state: "COMPLETED" | "QUEUED") =>
      (await benchBatch(accountId, name, count, { state })).id;

    const g0 = performance.now();
    const perWeek = Math.floor(MESSAGES / WEEKS);
    const { v: seqAt } = await firstRow<{ v: string }>(`SELECT last_value::text AS v FROM "Message_id_seq"`);
    await keepPastWeeks(WEEKS);
    for (let w = 0; w < WEEKS; w++) {
      await messageIdsFrom(weekBase(week - WEEKS + w) + 1n);
      const id = await newBatch(`week ${w}`, perWeek, "COMPLETED");
      for (let done = 0; done < perWeek; done += 1_000_000) {
        const n = Math.min(1_000_000, perWeek - done);
        await pool().query(`INSERT INTO "Message" ${COLUMNS} ${GENERATED}`, [id, n, new Date(), false]);
      }
    }
    await pool().query(`SELECT setval('"Message_id_seq"', $1)`, [seqAt]);
    await pool().query(`VACUUM ANALYZE "Message"`);
    const generateSeconds = (performance.now() - g0) / 1000;
    const { indexClosedWeeks } = await import("../lib/history/partitions");
    const { result: indexed, seconds: indexSeconds } = await timed(indexClosedWeeks);

    // The open week's index set: the design's (phone) alone, against (phone, id) as well, alternately.
    const open = `Message_w${week}`;
    const withPhoneId = async (on: boolean) => {
      await pool().query(
        on
          ? `CREATE INDEX IF NOT EXISTS bench_open_phone_id ON "${open}" (phone, id)`
          : `DROP INDEX IF EXISTS bench_open_phone_id`,
      );
      await pool().query(`CHECKPOINT`);
    };
    const cost = { phone: { store: 0, record: 0 }, phone_id: { store: 0, record: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of round % 2 === 0 ? (["phone", "phone_id"] as const) : (["phone_id", "phone"] as const)) {
        await withPhoneId(variant === "phone_id");
        const id = await newBatch(`cost ${round} ${variant}`, BATCH, "QUEUED");
        const s0 = performance.now();
        await pool().query(`INSERT INTO "Message" ${COLUMNS} ${GENERATED}`, [id, BATCH, new Date(), true]);
        cost[variant].store += performance.now() - s0;
        const lo = await numberOf(`SELECT min(id) AS n FROM "Message" WHERE "batchId" = $1`, [id]);
        const { ms: recordMs } = await timed(async () => {
          for (let first = BigInt(lo); first < BigInt(lo) + BigInt(BATCH); first += BigInt(CHUNK))
            await pool().query(
              `UPDATE "Message" SET state = 'QUEUED', "providerUniqueId" = md5(id::text), "smsUnits" = 1,
                      operator = 'Safaricom', "submittedAt" = now(), "updatedAt" = now()
               WHERE "batchId" = $1 AND id BETWEEN $2 AND $3`,
              [id, first.toString(), (first + BigInt(CHUNK) - 1n).toString()],
            );
        });
        cost[variant].record += recordMs;
      }
    }
    await withPhoneId(false);
    await pool().query(`ANALYZE "Message"`);
    const targetCount = await numberOf(`SELECT count(*) AS n FROM "Message" WHERE phone = $1`, [TARGET]);

    const pageReads = (before?: string) =>
      Promise.all([
        story.numberMessages(TARGET, { before }),
        story.numberSummary(TARGET),
        story.numberOptOut(TARGET),
        story.numberLists(TARGET),
      ]);
    // The last page: the cursor that leaves fewer than a page of the oldest messages.
    const { id: last } = await firstRow<{ id: string }>(
      `SELECT id::text FROM "Message" WHERE phone = $1 ORDER BY id LIMIT 1 OFFSET $2`,
      [TARGET, Math.max(0, Math.min(story.NUMBER_PAGE - 1, targetCount - 1))],
    );
    // The first reads after the cost rounds find the pages they need evicted by those rounds' writes: timed apart,
    // and the p95 is of the reads after them (a page read again, as a person paging and coming back does).
    const coldFirst = (await timed(() => pageReads())).ms;
    const coldLast = (await timed(() => pageReads(last))).ms;
    const firstPage = await p95(() => pageReads(), REPEAT);
    const lastPage = await p95(() => pageReads(last), REPEAT);
    // The API's read of the same pages (all of GET /api/v1/messages?phone= but its HTTP and key check).
    const { pageMessagesFound } = await import("../lib/api/read-messages");
    const apiPage = (cursor?: string) =>
      pageMessagesFound({ phone: TARGET, limit: story.NUMBER_PAGE, cursor }, { test: false });
    const apiFirst = await p95(() => apiPage(), REPEAT);
    const apiLast = await p95(() => apiPage(last), REPEAT);
    const lastRows = (await story.numberMessages(TARGET, { before: last })).rows.length;

    const per = (ms: number) => `${fmt(ms / ROUNDS / 1000, 2)} s`;
    const ratio = (a: number, b: number) => `${fmt((a / b - 1) * 100, 1)} %`;
    return {
      name: `one number's story (${fmt(MESSAGES)} messages over ${WEEKS} weeks; the number has ${fmt(targetCount)})`,
      figures: {
        generated: `${fmt(MESSAGES)} messages in ${fmt(generateSeconds, 1)} s`,
        [`closed weeks' (phone, id) built (${indexed.length} weeks, ${fmt(perWeek)} messages each)`]: `${fmt(indexSeconds, 1)} s`,
        "number's page, first and last page read once, cold": `${fmt(coldFirst, 1)} / ${fmt(coldLast, 1)} ms`,
        "number's page, first page, p95 (target ≤ 100 ms)": `${fmt(firstPage, 1)} ms`,
        [`number's page, last page (${lastRows} rows), p95`]: `${fmt(lastPage, 1)} ms`,
        "API's read, first page, p95 (target ≤ 100 ms)": `${fmt(apiFirst, 1)} ms`,
        "API's read, last page, p95": `${fmt(apiLast, 1)} ms`,
        [`store ${fmt(BATCH)} recipients in the open week, (phone): the design and before, mean of ${ROUNDS}`]: per(
          cost.phone.store,
        ),
        [`store ${fmt(BATCH)} recipients in the open week, (phone) and (phone, id), mean`]: per(cost.phone_id.store),
        "store: (phone, id) in the open week too, over the design": ratio(cost.phone_id.store, cost.phone.store),
        [`record its dispatch (${fmt(BATCH / CHUNK)} × ${CHUNK}), (phone), mean`]: per(cost.phone.record),
        [`record its dispatch, (phone) and (phone, id), mean`]: per(cost.phone_id.record),
        "record: (phone, id) in the open week too, over the design": ratio(cost.phone_id.record, cost.phone.record),
      },
    };
  });
}

runAlone(import.meta.url, benchNumber);
