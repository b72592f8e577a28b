// What retention leaves behind, and what it means for a batch (docs/partitioning.md, "Retention"). Dropping a week's
// Message partition drops its messages, not the rows other tables keep per message: a rare state's row
// (MessageRareState), an escalation (Escalation, by the SMS's id) and the chunks of 100 that sent them
// (DispatchChunk). Left, they would grow for ever and point at nothing. They are deleted by message id below the
// lowest id still kept, a slice at a time (each slice its own short transaction, found by an index: migration
// retention_leftovers); a chore interrupted half-way finishes at its next run, as the ids it reads come from the
// catalogue, not from a record of what it did.
import "server-only";
import { pool, relaxedPool } from "@/lib/db/pool";

/** Rows deleted per statement: short transactions, whatever the size of the weeks dropped. */
export const LEFTOVER_SLICE = 5_000;

/**
 * The lowest message id retention has kept: every Message partition below it has been dropped (one half-detached
 * counts as dropped: its rows are out of every query). 0 while the oldest partition (the legacy one, bounded below
 * by MINVALUE) is still there.
 */
export async function keptFromId(): Promise<bigint> {
  const { rows } = await pool().query<{ kept_from: string }>(
    `SELECT COALESCE(CASE WHEN bool_or(b.lower IS NULL) THEN 0 ELSE min(b.lower) END, 0)::text AS kept_from
     FROM pg_inherits i
     JOIN pg_class c ON c.oid = i.inhrelid
     CROSS JOIN LATERAL (
       SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''?(-?[0-9]+)''?\\)'))[1]::bigint AS lower
     ) b
     WHERE i.inhparent = '"Message"'::regclass AND NOT i.inhdetachpending`,
  );
  return BigInt(rows[0]!.kept_from);
}

export type Leftovers = { rareStates: number; escalations: number; chunks: number };

// Each finds one slice below $1 by its index and deletes it. A chunk's last id below $1 means every message it sent
// is gone; an escalation is dropped with its SMS (the call it made is younger, and reads the SMS through it only to
// skip a call still queued: lib/escalation/sms-arrived-sql.ts).
const DELETE_SLICE = {
  rareStates: `DELETE FROM "MessageRareState" r USING (
                 SELECT "batchId", state, "messageId" FROM "MessageRareState" WHERE "messageId" < $1 LIMIT $2
               ) s WHERE (r."batchId", r.state, r."messageId") = (s."batchId", s.state, s."messageId")`,
  escalations: `DELETE FROM "Escalation" WHERE "parentMessageId" IN (
                  SELECT "parentMessageId" FROM "Escalation" WHERE "parentMessageId" < $1 LIMIT $2)`,
  chunks: `DELETE FROM "DispatchChunk" WHERE id IN (
             SELECT id FROM "DispatchChunk" WHERE "lastMessageId" < $1 LIMIT $2)`,
} satisfies Record<keyof Leftovers, string>;

/** Deletes every leftover row of messages below `keptFrom`; returns how many of each. Safe to run again at any time. */
export async function forgetLeftovers(keptFrom: bigint): Promise<Leftovers> {
  const deleted: Leftovers = { rareStates: 0, escalations: 0, chunks: 0 };
  if (keptFrom === 0n) return deleted;
  for (const table of Object.keys(DELETE_SLICE) as (keyof Leftovers)[]) {
    for (;;) {
      // Committed without waiting for the disk (relaxedPool): a slice lost in a database crash is found again.
      const { rowCount } = await relaxedPool().query(DELETE_SLICE[table], [keptFrom.toString(), LEFTOVER_SLICE]);
      deleted[table] += rowCount ?? 0;
      if ((rowCount ?? 0) < LEFTOVER_SLICE) break;
    }
  }
  return deleted;
}
