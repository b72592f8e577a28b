// The outbox inserts, as CTE fragments for the statements that change what an event reports: one delivery per event
// and subscribed enabled endpoint, written in the same statement (and so the same transaction) as the change, or not
// at all. Empty when no endpoint subscribes (subscriptions.ts), so the statements are then exactly what they were.
// Payloads have the Standard Webhooks shape {type, timestamp, data}; ids are the event's (msg_…): the receipt that
// caused a message event (one receipt changes one message), or the batch.
import { MESSAGE_STATE_EVENTS, type WebhookEvent } from "./events";

const iso = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const INSERT = `INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt")`;

/**
 * "Due now", for a column that keeps milliseconds. now() has microseconds and PostgreSQL rounds them to the column's
 * precision, so 10:00:00.0006 would be stored as 10:00:00.001: in the future for a deliverer whose clock reads
 * 10:00:00.000 in that same millisecond, and the delivery would wait for the next round. Cut, never rounded up.
 */
export const DUE_NOW = "date_trunc('milliseconds', now())";

/**
 * For the receipts applier (lib/receipts/apply-receipts.ts), after its `changed` CTE (id, phone, batchId, status,
 * class, state, at, rid of each message it updated). Reading "Message" here sees the statement's snapshot, that is
 * the state before the update: a receipt that leaves the state as it was raises no event.
 */
export function messageEventsCte(subscribed: ReadonlySet<WebhookEvent>): string {
  const pairs = Object.entries(MESSAGE_STATE_EVENTS).filter(([, event]) => subscribed.has(event));
  if (pairs.length === 0) return "";
  const values = pairs.map(([state, event]) => `('${state}', '${event}')`).join(", ");
  return `
       webhook_events AS (
         ${INSERT}
         SELECT e.id, ev.event, 'msg_rcpt_' || c.rid, jsonb_build_object('type', ev.event, 'timestamp', ${iso("now()")},
           'data', jsonb_build_object('batchId', c."batchId", 'messageId', c.id::text, 'phone', c.phone,
             'state', c.state, 'deliveryStatus', c.status, 'failureClass', c.class, 'receiptTime', ${iso("c.at")})), ${DUE_NOW}
         FROM changed c
         JOIN (VALUES ${values}) AS ev(state, event) ON ev.state = c.state::text
         JOIN "Message" before ON before.id = c.id AND before.state IS DISTINCT FROM c.state
         JOIN "WebhookEndpoint" e ON e.enabled AND ev.event = ANY(e.events)
       ),`;
}

/** For the batch completer (lib/dispatch/batch-state.ts), after its `done` CTE (id, name, kind, finishedAt). */
export function batchCompletedCte(subscribed: ReadonlySet<WebhookEvent>): string {
  if (!subscribed.has("batch.completed")) return "";
  return `,
     webhook_events AS (
       ${INSERT}
       SELECT e.id, 'batch.completed', 'msg_batch_' || replace(d.id::text, '-', ''),
         jsonb_build_object('type', 'batch.completed', 'timestamp', ${iso("now()")},
           'data', jsonb_build_object('batchId', d.id, 'name', d.name, 'kind', d.kind, 'state', 'COMPLETED',
             'finishedAt', ${iso('d."finishedAt"')})), ${DUE_NOW}
       FROM done d JOIN "WebhookEndpoint" e ON e.enabled AND 'batch.completed' = ANY(e.events)
     )`;
}
