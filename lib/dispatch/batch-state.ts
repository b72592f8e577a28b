// Batch lifecycle transitions. Each is one guarded UPDATE, so concurrent callers (several workers, an operator and
// a worker) cannot apply the same transition twice.
import "server-only";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { enqueueBatchStart } from "./jobs";

/** Job handler: QUEUED/SCHEDULED → SENDING. False when the batch was already started, paused or cancelled. */
export async function activateBatch(batchId: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE "Batch" SET state = 'SENDING', "startedAt" = COALESCE("startedAt", now()), "updatedAt" = now()
     WHERE id = $1 AND state IN ('QUEUED', 'SCHEDULED')`,
    [batchId],
  );
  return rowCount === 1;
}

/** SENDING batches, wholly stored, with no chunk left to send or in flight become COMPLETED. */
export async function completeFinishedBatches(batchIds?: string[]): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `UPDATE "Batch" b SET state = 'COMPLETED', "finishedAt" = now(), "updatedAt" = now()
     WHERE b.state = 'SENDING' AND NOT b.storing
       AND ($1::uuid[] IS NULL OR b.id = ANY($1::uuid[]))
       AND NOT EXISTS (SELECT 1 FROM "DispatchChunk" c WHERE c."batchId" = b.id AND c.state IN ('PENDING', 'SUBMITTING'))
     RETURNING b.id`,
    [batchIds ?? null],
  );
  return rows.map((row) => row.id);
}

export async function pauseBatch(batchId: string, reason: string | null, actorId: string | null): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE "Batch" SET state = 'PAUSED', "pauseReason" = $2, "updatedAt" = now()
     WHERE id = $1 AND state IN ('SENDING', 'QUEUED', 'SCHEDULED')`,
    [batchId, reason],
  );
  if (rowCount === 1) await audit(actorId, "batch.pause", batchId, { reason });
  return rowCount === 1;
}

/** Pauses every sending batch of an account (after a 401: its token is wrong for all of them). */
export async function pauseAccountBatches(accountId: string, reason: string): Promise<number> {
  const { rowCount } = await pool().query(
    `UPDATE "Batch" SET state = 'PAUSED', "pauseReason" = $2, "updatedAt" = now()
     WHERE "accountId" = $1 AND state = 'SENDING'`,
    [accountId, reason],
  );
  return rowCount ?? 0;
}

/** PAUSED → SENDING; a scheduled batch whose time has not come goes back to waiting for it (with a new start job). */
export async function resumeBatch(batchId: string, actorId: string | null): Promise<boolean> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ state: string; scheduledAt: Date | null }>(
      `UPDATE "Batch" SET
         state = CASE WHEN "scheduledAt" > now() THEN 'SCHEDULED'::"BatchState" ELSE 'SENDING'::"BatchState" END,
         "pauseReason" = NULL,
         "startedAt" = CASE WHEN "scheduledAt" > now() THEN "startedAt" ELSE COALESCE("startedAt", now()) END,
         "updatedAt" = now()
       WHERE id = $1 AND state = 'PAUSED'
       RETURNING state, "scheduledAt"`,
      [batchId],
    );
    const row = rows[0];
    if (!row) return false;
    if (row.state === "SCHEDULED") await enqueueBatchStart(client, batchId, row.scheduledAt);
    await client.query(
      `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", detail) VALUES ($1, 'batch.resume', 'Batch', $2, '{}')`,
      [actorId, batchId],
    );
    return true;
  });
}

/** Cancels what was not yet submitted; what is in flight finishes and is recorded as usual. */
export async function cancelBatch(batchId: string, actorId: string | null): Promise<number | null> {
  return transaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "Batch" SET state = 'CANCELLED', "finishedAt" = now(), "updatedAt" = now()
       WHERE id = $1 AND state IN ('SENDING', 'QUEUED', 'SCHEDULED', 'PAUSED')`,
      [batchId],
    );
    if (rowCount !== 1) return null;
    // Chunks not yet claimed are cancelled with their messages; chunks in flight finish and are recorded as usual.
    const cancelled = await client.query(
      `WITH chunks AS (
         UPDATE "DispatchChunk" SET state = 'CANCELLED' WHERE "batchId" = $1 AND state = 'PENDING'
         RETURNING "firstMessageId", "lastMessageId"
       )
       UPDATE "Message" m SET state = 'CANCELLED', "updatedAt" = now()
       FROM chunks c
       WHERE m."batchId" = $1 AND m.id BETWEEN c."firstMessageId" AND c."lastMessageId" AND m.state = 'PENDING'`,
      [batchId],
    );
    await client.query(
      `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", detail) VALUES ($1, 'batch.cancel', 'Batch', $2, $3)`,
      [actorId, batchId, JSON.stringify({ cancelled: cancelled.rowCount ?? 0 })],
    );
    return cancelled.rowCount ?? 0;
  });
}

async function audit(actorId: string | null, action: string, batchId: string, detail: Record<string, unknown>): Promise<void> {
  await pool().query(
    `INSERT INTO "AuditEvent" ("actorId", action, "targetType", "targetId", detail) VALUES ($1, $2, 'Batch', $3, $4)`,
    [actorId, action, batchId, JSON.stringify(detail)],
  );
}
