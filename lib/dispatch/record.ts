// Recording what the provider said about a claimed chunk: one transaction, one set-based statement per outcome.
// Every statement only moves messages that are still where the claim left them (SUBMITTING), so a receipt that
// beat the response (DELIVERED already) is never moved back.
import "server-only";
import type pg from "pg";
import { transaction } from "@/lib/db/transaction";
import { pool } from "@/lib/db/pool";
import { REMATCH_SQL } from "@/lib/receipts/apply-receipts";

export type Accepted = { id: string; uniqueId: string; providerBatchId: string | null; smsUnits: number | null; operator: string | null };
export type Refused = { id: string; error: string };

export async function recordResponse(batchId: string, accepted: Accepted[], refused: Refused[], unknown: Refused[]): Promise<void> {
  await transaction(async (client) => {
    if (accepted.length > 0) {
      await client.query(
        `UPDATE "Message" m SET
           state = CASE WHEN m.state IN ('SUBMITTING', 'UNKNOWN') THEN 'QUEUED'::"MessageState" ELSE m.state END,
           "providerUniqueId" = r.unique_id, "providerBatchId" = r.batch_id, "smsUnits" = r.units,
           operator = COALESCE(r.operator, m.operator), "claimedBy" = NULL, "lastError" = NULL, "updatedAt" = now()
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[]) AS r(id, unique_id, batch_id, units, operator)
         WHERE m.id = r.id`,
        [
          accepted.map((a) => a.id),
          accepted.map((a) => a.uniqueId),
          accepted.map((a) => a.providerBatchId),
          accepted.map((a) => a.smsUnits),
          accepted.map((a) => a.operator),
        ],
      );
      // Receipts that arrived before this response and matched nothing get another chance now.
      await client.query(REMATCH_SQL, [accepted.map((a) => a.uniqueId)]);
      const units = accepted.reduce((sum, a) => sum + (a.smsUnits ?? 0), 0);
      if (units > 0) await client.query(`UPDATE "Batch" SET "smsUnits" = "smsUnits" + $2 WHERE id = $1`, [batchId, units]);
    }
    await settle(client, refused, "REJECTED");
    await settle(client, unknown, "UNKNOWN");
  });
}

async function settle(client: pg.PoolClient, rows: Refused[], state: "REJECTED" | "UNKNOWN"): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `UPDATE "Message" m SET state = $3::"MessageState", "lastError" = r.error, "claimedBy" = NULL, "updatedAt" = now()
     FROM unnest($1::bigint[], $2::text[]) AS r(id, error)
     WHERE m.id = r.id AND m.state = 'SUBMITTING'`,
    [rows.map((r) => r.id), rows.map((r) => r.error), state],
  );
}

/** The whole chunk ended in one state with one reason (rejected, or outcome unknown). */
export async function settleChunk(ids: string[], state: "REJECTED" | "UNKNOWN", error: string): Promise<void> {
  await transaction((client) => settle(client, ids.map((id) => ({ id, error })), state));
}

/** Nothing reached the provider (refused connection, 429, 503): the chunk goes back to PENDING to be sent later. */
export async function releaseChunk(ids: string[], error: string): Promise<void> {
  await pool().query(
    `UPDATE "Message" SET state = 'PENDING', "claimedBy" = NULL, "lastError" = $2, "updatedAt" = now()
     WHERE id = ANY($1::bigint[]) AND state = 'SUBMITTING'`,
    [ids, error],
  );
}
