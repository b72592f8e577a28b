// What retention leaves behind (docs/partitioning.md, "Retention"). Dropping a week's Message partition drops its
// messages, not the rows other tables keep per message: a rare state's row (MessageRareState), an escalation
// (Escalation, by the SMS's id), the chunks of 100 that sent them (DispatchChunk) and a message's unmapped status
// (UnmappedStatusMessage). Left, they would grow for ever and point at nothing. They are deleted by message id below
// the lowest id still kept, a slice at a time in id order (each slice its own short transaction, read from an index:
// migration retention_leftovers), for at most a second a run so the worker's other chores never wait long behind a
// year's first drop; a run stopped half-way is finished by the next, as the lowest id kept comes from the catalogue,
// not from a record of what was done.
import "server-only";
import { pool, relaxedPool } from "@/lib/db/pool";

/** Rows deleted per statement: short transactions, whatever the size of the weeks dropped. */
export const LEFTOVER_SLICE = 5_000;

/**
 * The lowest message id retention has kept: every Message partition below it has been dropped (one half-detached
 * counts as dropped: its rows are out of every query). 0 while the oldest partition (the legacy one, bounded below
 * by MINVALUE) is still there. The bounds are read with no relation given to pg_get_expr (they name no column), so
 * no partition is locked: a read never waits behind a week being dropped.
 */
export async function keptFromId(): Promise<bigint> {
  const { rows } = await pool().query<{ kept_from: string }>(
    `SELECT COALESCE(CASE WHEN bool_or(b.lower IS NULL) THEN 0 ELSE min(b.lower) END, 0)::text AS kept_from
     FROM pg_inherits i
     JOIN pg_class c ON c.oid = i.inhrelid
     CROSS JOIN LATERAL (
       SELECT (regexp_match(pg_get_expr(c.relpartbound, 0), 'FROM \\(''?(-?[0-9]+)''?\\)'))[1]::bigint AS lower
     ) b
     WHERE i.inhparent = '"Message"'::regclass AND NOT i.inhdetachpending`,
  );
  return BigInt(rows[0]!.kept_from);
}

export type Leftovers = { rareStates: number; escalations: number; chunks: number; unmappedStatuses: number };

// Each deletes the next slice below $1, found in the order of an index on the message id (with the order given, the
// planner keeps to the index however many rows are below $1). A chunk's last id below $1 means every message it sent
// is gone; an escalation goes with its SMS (the call it made is younger, and reads the SMS through it only to skip a
// call still queued: lib/escalation/sms-arrived-sql.ts); UnmappedStatusMessage's key leads with the status (a few
// values), which PostgreSQL 18 skips through.
const DELETE_SLICE = {
  rareStates: `DELETE FROM "MessageRareState" r USING (
                 SELECT "batchId", state, "messageId" FROM "MessageRareState" WHERE "messageId" < $1
                 ORDER BY "messageId" LIMIT $2
               ) s WHERE (r."batchId", r.state, r."messageId") = (s."batchId", s.state, s."messageId")`,
  escalations: `DELETE FROM "Escalation" WHERE "parentMessageId" IN (
                  SELECT "parentMessageId" FROM "Escalation" WHERE "parentMessageId" < $1
                  ORDER BY "parentMessageId" LIMIT $2)`,
  chunks: `DELETE FROM "DispatchChunk" WHERE id IN (
             SELECT id FROM "DispatchChunk" WHERE "lastMessageId" < $1 ORDER BY "lastMessageId" LIMIT $2)`,
  unmappedStatuses: `DELETE FROM "UnmappedStatusMessage" u USING (
                       SELECT status, "messageId" FROM "UnmappedStatusMessage" WHERE "messageId" < $1 LIMIT $2
                     ) s WHERE (u.status, u."messageId") = (s.status, s."messageId")`,
} satisfies Record<keyof Leftovers, string>;

/** How long one run deletes before it hands the worker back to its other chores. */
export const LEFTOVER_RUN_MS = 1_000;

/**
 * Deletes leftover rows of messages below `keptFrom` for about `budgetMs`; returns how many of each, and whether some
 * may be left (run again). Safe to run again at any time.
 */
export async function forgetLeftovers(
  keptFrom: bigint,
  budgetMs = LEFTOVER_RUN_MS,
): Promise<{ deleted: Leftovers; more: boolean }> {
  const deleted: Leftovers = { rareStates: 0, escalations: 0, chunks: 0, unmappedStatuses: 0 };
  if (keptFrom === 0n) return { deleted, more: false };
  const until = performance.now() + budgetMs;
  for (const table of Object.keys(DELETE_SLICE) as (keyof Leftovers)[]) {
    for (;;) {
      // Committed without waiting for the disk (relaxedPool): a slice lost in a database crash is found again.
      const { rowCount } = await relaxedPool().query(DELETE_SLICE[table], [keptFrom.toString(), LEFTOVER_SLICE]);
      deleted[table] += rowCount ?? 0;
      if ((rowCount ?? 0) < LEFTOVER_SLICE) break;
      if (performance.now() > until) return { deleted, more: true };
    }
  }
  return { deleted, more: false };
}
