// Message and Receipt are partitioned by id, one partition per week (docs/partitioning.md; migration
// 20261123190500_partition_by_week holds the SQL functions used here). This module keeps them going:
//   - preparePartitions creates this week's partitions and the next WEEKS_AHEAD weeks' (so an insert always finds
//     one), then moves the id sequences on to this week's base — in that order, so a sequence never points into a
//     week without a partition;
//   - dropExpiredPartitions drops whole partitions older than the retention (DETACH … CONCURRENTLY, then DROP: never a
//     DELETE). Dropping fires no trigger, so the batches' counters and DeliveryRollup keep what they counted;
//   - indexClosedWeeks gives each Message week that can take no more ids its (phone, id) index, the one a number's
//     page reads (docs/partitioning.md, "One number's index").
import "server-only";
import { pool } from "@/lib/db/pool";

/** Weeks created ahead of the current one: a month of workers down before inserts run out of partitions' room. */
export const WEEKS_AHEAD = 4;

/** Creates the partitions of `at`'s week and the WEEKS_AHEAD following, then moves the id sequences to its week. */
export async function preparePartitions(at: Date = new Date()): Promise<void> {
  await pool().query(
    `SELECT tuma_create_partitions(tuma_week_number($1), tuma_week_number($1) + $2),
            tuma_advance_ids(tuma_week_number($1))`,
    [at, WEEKS_AHEAD],
  );
}

/** Refreshes the partitioned Message table's own statistics, sampled across its weeks, without analysing each week. */
export async function analyzeMessageParent(): Promise<void> {
  await pool().query(`ANALYZE ONLY "Message"`);
}

/**
 * Refreshes the statistics of the week (or two) a batch's messages are in, not of the partitioned table, whose ANALYZE
 * samples every week kept: 11–13 s with 21 weeks of 200,000 messages against 1.5–2.4 s for one week and the parent's
 * own sample, measured on a loaded machine (docs/partitioning.md). The parent's own statistics are the hourly
 * partitions chore's (lib/dispatch/chores/keep-partitions.ts).
 */
export async function analyzeBatchWeeks(batchId: string): Promise<string[]> {
  const { rows } = await pool().query<{ week: string }>(
    `SELECT DISTINCT tableoid::regclass::text AS week FROM "Message"
     WHERE "batchId" = $1 AND id IN ((SELECT min(id) FROM "Message" WHERE "batchId" = $1),
                                     (SELECT max(id) FROM "Message" WHERE "batchId" = $1))`,
    [batchId],
  );
  // The names come from the catalog, quoted by regclass where they need it.
  for (const { week } of rows) await pool().query(`ANALYZE ${week}`);
  return rows.map((r) => r.week);
}

/** The cut-off of a retention of `months` at `at`: partitions whose every row is older are dropped. */
export function retentionCutoff(months: number, at: Date = new Date()): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Drops the partitions (of both tables) whose every row is older than `cutoff`; returns their names, oldest first. */
export async function dropExpiredPartitions(cutoff: Date): Promise<string[]> {
  const { rows } = await pool().query<{ parent: string; partition: string; pending: boolean }>(
    `SELECT parent, partition, pending FROM tuma_expired_partitions($1)`,
    [cutoff],
  );
  const dropped: string[] = [];
  for (const { parent, partition, pending } of rows) {
    // CONCURRENTLY takes no lock that stops the parent's readers and writers; it cannot run in a transaction, so each
    // statement goes alone. One interrupted half-way is left "pending" and finished next time.
    await pool().query(
      `ALTER TABLE ${ident(parent)} DETACH PARTITION ${ident(partition)} ${pending ? "FINALIZE" : "CONCURRENTLY"}`,
    );
    await pool().query(`DROP TABLE ${ident(partition)}`);
    dropped.push(partition);
  }
  return dropped;
}

/**
 * Builds the (phone, id) index of every closed Message week that lacks a valid one, newest first; returns their names.
 * CONCURRENTLY: late receipts and dispatch records still update a closed week while its index is built. A build that
 * was interrupted (the worker stopped) leaves an invalid index, dropped and built again here.
 */
export async function indexClosedWeeks(): Promise<string[]> {
  const { rows } = await pool().query<{ partition: string; invalid: boolean }>(
    `SELECT partition, invalid FROM tuma_message_weeks_to_index()`,
  );
  for (const { partition, invalid } of rows) {
    const index = ident(`${partition}_phone_id_idx`);
    if (invalid) await pool().query(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
    await pool().query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${index} ON ${ident(partition)} (phone, id)`);
  }
  return rows.map((r) => r.partition);
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
