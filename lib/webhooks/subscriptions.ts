// Which events some enabled endpoint wants, cached for a second per process: the receipts applier and the batch
// completer read it before each statement and leave the outbox insert out of their SQL entirely when nobody listens,
// so webhooks cost them nothing until an endpoint is registered. An endpoint registered or changed in another
// process (the console) is seen here within SUBSCRIPTIONS_TTL_MS; a change in this process is seen at once.
import "server-only";
import { pool } from "@/lib/db/pool";
import { isWebhookEvent, type WebhookEvent } from "./events";

export const SUBSCRIPTIONS_TTL_MS = 1_000;

let cached: { events: ReadonlySet<WebhookEvent>; at: number } | null = null;

export async function subscribedEvents(): Promise<ReadonlySet<WebhookEvent>> {
  if (cached && Date.now() - cached.at < SUBSCRIPTIONS_TTL_MS) return cached.events;
  const { rows } = await pool().query<{ event: string }>(
    `SELECT DISTINCT unnest(events) AS event FROM "WebhookEndpoint" WHERE enabled`,
  );
  cached = { events: new Set(rows.map((r) => r.event).filter(isWebhookEvent)), at: Date.now() };
  return cached.events;
}

/** After a change to endpoints in this process. */
export function forgetSubscriptions(): void {
  cached = null;
}
