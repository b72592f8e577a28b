// Of the recipients the duplicate-send guard leaves out (duplicate-guard.ts), those who never got the text: their
// message in the batch that last sent it was neither delivered nor reached by its escalation's answered call (failed,
// unknown or without a receipt: reached as counters-snapshot.ts's reachedCount counts it). Compose says how many,
// per earlier batch, with a link to that batch's Resend, which reaches them (issue 35: the guard blocked 1,810 without
// saying that 399 never got the text). One statement: the earlier batches' messages are read once each, by batch.
import "server-only";
import { pool } from "@/lib/db/pool";
import { messageState, messageStates } from "@/lib/states/state-sql";
import { DELIVERED_STATES } from "@/lib/states/states";

/** An earlier batch that sent some of the left-out recipients this text, and how many of them never got it. */
export type EarlierBatch = { id: string; name: string; neverGot: number };

/** At most this many earlier batches are named (the most never-got first); the total counts them all. */
export const EARLIER_BATCHES_SHOWN = 3;

export async function neverGot(
  sent: readonly { phone: string; batchId: string }[],
): Promise<{ neverGot: number; earlier: EarlierBatch[] }> {
  if (sent.length === 0) return { neverGot: 0, earlier: [] };
  const { rows } = await pool().query<{ id: string; name: string; never: number }>(
    `WITH c AS (SELECT DISTINCT batch, phone FROM unnest($1::uuid[], $2::text[]) AS t(batch, phone)),
     reached AS (
       SELECT c.batch, c.phone,
              coalesce(bool_or(m.state IN ${messageStates(DELIVERED_STATES)}
                               OR m."callState" IS NOT DISTINCT FROM ${messageState("ANSWERED")}), false) AS reached
       FROM c LEFT JOIN "Message" m ON m."batchId" = c.batch AND m.phone = c.phone
       GROUP BY 1, 2
     )
     SELECT b.id, b.name, count(*) FILTER (WHERE NOT r.reached)::int AS never
     FROM reached r JOIN "Batch" b ON b.id = r.batch
     GROUP BY b.id, b.name
     HAVING count(*) FILTER (WHERE NOT r.reached) > 0
     ORDER BY never DESC, b.name`,
    [sent.map((s) => s.batchId), sent.map((s) => s.phone)],
  );
  return {
    neverGot: rows.reduce((total, row) => total + row.never, 0),
    earlier: rows.slice(0, EARLIER_BATCHES_SHOWN).map((row) => ({ id: row.id, name: row.name, neverGot: row.never })),
  };
}
