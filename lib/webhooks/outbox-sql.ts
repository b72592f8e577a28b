// The outbox (WebhookDelivery) is written by the triggers of migration api_events, in the statement that changes a
// message, a batch or an escalation (docs/webhooks.md). What TypeScript still writes there — a test event
// (test-event.ts), a replay (deliveries.ts), a batch's no-receipt outcomes (settle-outcomes.ts) — uses these.

/**
 * "Due now", for a column that keeps milliseconds. now() has microseconds and PostgreSQL rounds them to the column's
 * precision, so 10:00:00.0006 would be stored as 10:00:00.001: in the future for a deliverer whose clock reads
 * 10:00:00.000 in that same millisecond, and the delivery would wait for the next round. Cut, never rounded up.
 */
export const DUE_NOW = "date_trunc('milliseconds', now())";
