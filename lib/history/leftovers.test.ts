// Retention's leftovers (lib/history/leftovers.ts): after whole weeks of Message are dropped, the rows other tables
// kept for those messages go too — exactly those, across slices — and a batch with recipients removed says so and is
// not resent.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { resendBatch } from "@/lib/batches/resend-batch";
import { getBatch } from "@/lib/batches/get-batch";
import { AppError } from "@/lib/errors/app-error";
import { account, batch, countRows, messages } from "@/test/report-data";
import { forgetLeftovers, keptFromId, LEFTOVER_SLICE } from "./leftovers";
import { dropExpiredPartitions, preparePartitions } from "./partitions";
import { recipientsRemovedBefore } from "./removed-before";

const base = (week: number) => BigInt(week) << 32n;

const week = (await pool().query<{ w: number }>(`SELECT tuma_week_number(now()) AS w`)).rows[0]!.w;
const accountId = await account();

/** A batch of `failed` FAILED and one DELIVERED message from `first` on, its chunks and its SMS's escalations. */
async function oldBatch(first: bigint, failed: number): Promise<{ id: string; ids: string[] }> {
  await pool().query(`SELECT setval('"Message_id_seq"', $1, false)`, [first.toString()]);
  const id = await batch(accountId, { state: "COMPLETED" });
  const ids = await messages(id, [
    ...Array.from({ length: failed }, (_, i) => ({ phone: `2547${String(10_000_000 + i)}`, state: "FAILED" })),
    { phone: "254799999999", state: "DELIVERED" },
  ]);
  await pool().query(`UPDATE "Batch" SET "firstMessageId" = $2 WHERE id = $1`, [id, ids[0]]);
  // Chunks of 100, as dispatch makes them.
  await pool().query(
    `INSERT INTO "DispatchChunk" ("batchId", "firstMessageId", "lastMessageId", size, state)
     SELECT $1, min(id), max(id), count(*), 'DONE' FROM "Message" WHERE "batchId" = $1 GROUP BY (id - $2::bigint) / 100`,
    [id, ids[0]],
  );
  // The first three SMS escalated to calls (their child ids: any later ids; the table keys on the SMS).
  await pool().query(
    `INSERT INTO "Escalation" ("parentMessageId", "childMessageId", "childBatchId")
     SELECT m, m + 1000000, $2 FROM unnest($1::bigint[]) AS m`,
    [ids.slice(0, 3), id],
  );
  // Two receipts' statuses nobody has mapped yet, held by the last two messages.
  await pool().query(
    `INSERT INTO "UnmappedStatusMessage" (status, "messageId") SELECT 'Odd ' || $2, m FROM unnest($1::bigint[]) AS m`,
    [ids.slice(-2), id],
  );
  return { id, ids };
}

test("dropping weeks removes exactly their rare states, chunks and escalations; a batch past retention says so and is not resent", async () => {
  await preparePartitions(new Date(Date.now() + 8 * 7 * 24 * 3_600_000)); // through week + 12
  // Across slices: two whole slices and one more row of rare states in the week that goes.
  const gone = await oldBatch(base(week + 1) + 7n, 2 * LEFTOVER_SLICE + 1);
  const kept = await oldBatch(base(week + 3) + 7n, 5);
  await pool().query(`SELECT tuma_advance_ids($1)`, [week + 10]);
  await pool().query(`SELECT setval('"Receipt_id_seq"', $1)`, [base(week + 10).toString()]);
  const rare = (batchId: string) => countRows(`"MessageRareState" WHERE "batchId" = $1`, [batchId]);
  const chunks = (batchId: string) => countRows(`"DispatchChunk" WHERE "batchId" = $1`, [batchId]);
  const escalations = (batchId: string) => countRows(`"Escalation" WHERE "childBatchId" = $1`, [batchId]);
  const unmapped = (batchId: string) => countRows(`"UnmappedStatusMessage" WHERE status = 'Odd ' || $1`, [batchId]);
  const left = async (batchId: string) => [
    await rare(batchId),
    await chunks(batchId),
    await escalations(batchId),
    await unmapped(batchId),
  ];
  expect(await left(gone.id)).toEqual([10_001, 101, 3, 2]);
  const none = { rareStates: 0, escalations: 0, chunks: 0, unmappedStatuses: 0 };

  // Nothing dropped yet: nothing to forget, nothing removed.
  expect(await keptFromId()).toBe(0n);
  expect(await forgetLeftovers(0n)).toEqual({ deleted: none, more: false });
  expect(await recipientsRemovedBefore(gone.id)).toBeNull();

  // Cut-off: the end of week + 4, so weeks up to + 2 go (docs/partitioning.md: a week's margin).
  const { rows } = await pool().query<{ cutoff: Date; kept: Date }>(
    `SELECT tuma_week_start($1) AS cutoff, tuma_week_start($2) AS kept`,
    [week + 4, week + 3],
  );
  await dropExpiredPartitions(rows[0]!.cutoff);
  expect(await keptFromId()).toBe(base(week + 3));

  // A run out of time stops after a slice and says there is more; the next runs finish.
  const first = await forgetLeftovers(await keptFromId(), 0);
  expect(first).toEqual({ deleted: { ...none, rareStates: LEFTOVER_SLICE }, more: true });
  const rest = await forgetLeftovers(await keptFromId(), 600_000);
  expect(rest).toEqual({
    deleted: { rareStates: LEFTOVER_SLICE + 1, escalations: 3, chunks: 101, unmappedStatuses: 2 },
    more: false,
  });
  expect(await left(gone.id)).toEqual([0, 0, 0, 0]);
  expect(await left(kept.id)).toEqual([5, 1, 3, 2]);
  // Again: nothing left to do.
  expect(await forgetLeftovers(await keptFromId())).toEqual({ deleted: none, more: false });

  // The batch whose week went: its page says from when, its counters still count everyone, resend is refused.
  expect(await recipientsRemovedBefore(gone.id)).toEqual(rows[0]!.kept);
  expect(await recipientsRemovedBefore(kept.id)).toBeNull();
  const page = await getBatch(gone.id);
  expect(page?.recipientsRemovedBefore).toEqual(rows[0]!.kept);
  expect(page?.failedCount).toBe(10_001);
  const refusal = await resendBatch(gone.id, { permanent: true, temporary: true }, null).catch((e: unknown) => e);
  expect(refusal).toBeInstanceOf(AppError);
  expect((refusal as AppError).message).toMatch(
    /^This batch cannot be resent: its recipients stored before .+ were removed under the data retention/,
  );
  expect(await countRows(`"Batch" WHERE "parentBatchId" = $1`, [gone.id])).toBe(0);
  // The kept batch resends as before.
  const resent = await resendBatch(kept.id, { permanent: true, temporary: true }, null);
  expect(resent.recipients).toBe(5);
});
