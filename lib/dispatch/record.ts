// Recording what the provider said about a claimed chunk: one statement (one round trip, one commit) for every
// outcome at once. Each part only moves messages still where the claim left them (SUBMITTING) — a receipt that beat
// the response (DELIVERED already) is never moved back — and the provider's ids go to ProviderMessage, so the
// message rows themselves are updated in place.
import "server-only";
import { pool } from "@/lib/db/pool";

export type Accepted = { id: string; phone: string; uniqueId: string; providerBatchId: string | null; smsUnits: number | null; operator: string | null };
export type Refused = { id: string; error: string };

export async function recordResponse(accepted: Accepted[], refused: Refused[], unknown: Refused[]): Promise<void> {
  const settled = [
    ...refused.map((r) => ({ ...r, state: "REJECTED" })),
    ...unknown.map((r) => ({ ...r, state: "UNKNOWN" })),
  ];
  await pool().query(
    `WITH accepted AS (
       UPDATE "Message" m SET
         state = CASE WHEN m.state IN ('SUBMITTING', 'UNKNOWN') THEN 'QUEUED'::"MessageState" ELSE m.state END,
         "providerUniqueId" = r.unique_id, "providerBatchId" = r.batch_id, "smsUnits" = r.units,
         operator = COALESCE(r.operator, m.operator), "claimedBy" = NULL, "lastError" = NULL, "updatedAt" = now()
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[]) AS r(id, unique_id, batch_id, units, operator)
       WHERE m.id = r.id
       RETURNING m.id
     ),
     ids AS (
       INSERT INTO "ProviderMessage" ("uniqueId", phone, "messageId")
       SELECT * FROM unnest($2::text[], $6::text[], $1::bigint[]) ON CONFLICT DO NOTHING
     ),
     rematch AS (
       -- Receipts that arrived before this response and matched nothing get another chance.
       UPDATE "Receipt" SET "appliedAt" = NULL
       WHERE "messageId" IS NULL AND "appliedAt" IS NOT NULL AND "uniqueId" = ANY($2::text[])
     ),
     settled AS (
       UPDATE "Message" m SET state = r.state::"MessageState", "lastError" = r.error, "claimedBy" = NULL, "updatedAt" = now()
       FROM unnest($7::bigint[], $8::text[], $9::text[]) AS r(id, state, error)
       WHERE m.id = r.id AND m.state = 'SUBMITTING'
     )
     SELECT count(*) FROM accepted`,
    [
      accepted.map((a) => a.id),
      accepted.map((a) => a.uniqueId),
      accepted.map((a) => a.providerBatchId),
      accepted.map((a) => a.smsUnits),
      accepted.map((a) => a.operator),
      accepted.map((a) => a.phone),
      settled.map((s) => s.id),
      settled.map((s) => s.state),
      settled.map((s) => s.error),
    ],
  );
}

/** The whole chunk ended in one state with one reason (rejected, or outcome unknown). */
export async function settleChunk(ids: string[], state: "REJECTED" | "UNKNOWN", error: string): Promise<void> {
  await pool().query(
    `UPDATE "Message" SET state = $2::"MessageState", "lastError" = $3, "claimedBy" = NULL, "updatedAt" = now()
     WHERE id = ANY($1::bigint[]) AND state = 'SUBMITTING'`,
    [ids, state, error],
  );
}

/** Nothing reached the provider (refused connection, 429, 503): the chunk goes back to PENDING to be sent later. */
export async function releaseChunk(ids: string[], error: string): Promise<void> {
  await pool().query(
    `UPDATE "Message" SET state = 'PENDING', "claimedBy" = NULL, "lastError" = $2, "updatedAt" = now()
     WHERE id = ANY($1::bigint[]) AND state = 'SUBMITTING'`,
    [ids, error],
  );
}
