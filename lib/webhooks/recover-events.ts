// Events recovered since a time (GET /api/v1/events, docs/webhooks.md): an endpoint's events as they were queued for
// it — delivered, pending or given up — oldest first, a page at a time by (createdAt, id), so a receiver that was down
// longer than the retries last reads what it missed. Read through the index on (endpointId, createdAt, id) (migration
// api_events): a page costs its rows, wherever `since` falls in 30 days of deliveries.
import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors/app-error";
import { assertCanManageWebhooks } from "./webhook-gate";

export type RecoveredEvent = {
  deliveryId: string;
  eventId: string;
  type: string;
  state: "PENDING" | "DELIVERED" | "FAILED";
  createdAt: Date;
  payload: unknown;
};

export type RecoverQuery = { endpointId: string; since: Date; type?: string; limit: number; cursor?: string };

export async function recoverEvents(actor: Actor, query: RecoverQuery): Promise<RecoveredEvent[]> {
  assertCanManageWebhooks(actor);
  const endpoint = await pool().query(`SELECT 1 FROM "WebhookEndpoint" WHERE id = $1`, [query.endpointId]);
  if (endpoint.rowCount === 0) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  const [afterMs, afterId] = query.cursor ? query.cursor.split(".") : [null, null];
  const { rows } = await pool().query<{
    id: string;
    eventId: string;
    eventType: string;
    state: RecoveredEvent["state"];
    createdAt: Date;
    payload: unknown;
  }>(
    `SELECT id::text, "eventId", "eventType", state, "createdAt", payload FROM "WebhookDelivery"
     WHERE "endpointId" = $1 AND "createdAt" >= $2 AND ($3::text IS NULL OR "eventType" = $3)
       AND ($4::timestamptz IS NULL OR ("createdAt", id) > ($4::timestamptz, $5::bigint))
     ORDER BY "createdAt", id LIMIT $6`,
    [
      query.endpointId,
      query.since,
      query.type ?? null,
      afterMs === null ? null : new Date(Number(afterMs)),
      afterId,
      query.limit,
    ],
  );
  return rows.map((row) => ({
    deliveryId: row.id,
    eventId: row.eventId,
    type: row.eventType,
    state: row.state,
    createdAt: row.createdAt,
    payload: row.payload,
  }));
}
