// The deliverer, run by every worker (lib/dispatch/chores/deliver-webhooks.ts): claims a page of due deliveries from
// the outbox (WebhookDelivery) with FOR UPDATE SKIP LOCKED, so workers never take the same one, and leases them by
// moving nextAttemptAt past the attempt's time limit (a worker that dies mid-page leaves them to be tried again: at
// least once). Posts them signed, at most PER_ENDPOINT at once per endpoint and OVERALL in all, then records every
// outcome (record-outcomes.ts: one statement, or row by row should a row fail): delivered, tried again later
// (backoff.ts), or failed after 24 h. A batch's events are posted in their documented order (IN_ORDER). A delivery
// claimed well past its 24 h is ended without a post. An endpoint that
// has failed every attempt for 3 days is disabled, with an audit event and a notice on the Webhooks page.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { checkTarget, type TargetCheck } from "./address-policy";
import { allowedHosts } from "./allowed-hosts";
import { DISABLE_AFTER_MS, RETRY_FOR_MS, nextAttempt } from "./backoff";
import { postWebhook, type PostOutcome } from "./post-webhook";
import { recordOutcomes, type Outcome } from "./record-outcomes";
import { openWebhookSecret } from "./secret";
import { signedHeaders } from "./sign";
import { forgetSubscriptions } from "./subscriptions";

export type DeliverOptions = {
  /** The clock (tests move it on instead of sleeping). */
  now?: () => Date;
  pageSize?: number;
  perEndpoint?: number;
  overall?: number;
  timeoutMs?: number;
};

export type DeliverResult = { claimed: number; delivered: number; retrying: number; failed: number; disabled: number };

const LEASE_SLACK_MS = 60_000;
const ENDED = "Not delivered within 24 hours: ended without another attempt.";
/** Deliveries claimed at once. */
export const WEBHOOK_PAGE = 500;

type Claimed = {
  id: string;
  endpointId: string;
  eventId: string;
  body: string;
  attempts: number;
  createdAt: Date;
  expired: boolean;
};
type Endpoint = {
  id: string;
  url: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretUntil: Date | null;
};

/**
 * A batch's events reach an endpoint in their documented order (docs/webhooks.md), though up to PER_ENDPOINT are
 * posted at once: a delivery waits while an event it must follow is still pending for the same endpoint — a message
 * event its batch.started; a batch event the batch events before it; batch.completed every other event of the batch.
 * One probe of the partial index on pending deliveries (migration api_events) per due delivery.
 */
const BATCH_STEPS = `'batch.started', 'batch.paused', 'batch.resumed', 'batch.cancelled', 'batch.sent'`;
const IN_ORDER = `(d."batchId" IS NULL OR NOT EXISTS (
         SELECT 1 FROM "WebhookDelivery" p
         WHERE p.state = 'PENDING' AND p."endpointId" = d."endpointId" AND p."batchId" = d."batchId" AND p.id <> d.id
           AND CASE WHEN d."eventType" = 'batch.completed' THEN true
                    WHEN d."eventType" LIKE 'batch.%' THEN p.id < d.id AND p."eventType" IN (${BATCH_STEPS})
                    ELSE p.id < d.id AND p."eventType" = 'batch.started' END))`;

export async function deliverDueWebhooks(options: DeliverOptions = {}): Promise<DeliverResult> {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const start = now();
  const leaseMs = timeoutMs + LEASE_SLACK_MS;
  // Past its 24 h limit by more than a lease (its last attempt, due at the limit, had its chance): ended unposted,
  // whatever kept it waiting (a worker that died with it, an outcome that could not be recorded, a backlog).
  const { rows: claimed } = await pool().query<Claimed>(
    `WITH due AS (
       SELECT d.id FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId" AND e.enabled
       WHERE d.state = 'PENDING' AND d."nextAttemptAt" <= $1 AND ${IN_ORDER}
       ORDER BY d."nextAttemptAt" LIMIT $2 FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE "WebhookDelivery" d SET attempts = d.attempts + CASE WHEN d."createdAt" < $4 THEN 0 ELSE 1 END,
       "nextAttemptAt" = $3
     FROM due WHERE d.id = due.id
     RETURNING d.id::text, d."endpointId", d."eventId", d.payload::text AS body, d.attempts, d."createdAt",
       d."createdAt" < $4 AS expired`,
    [
      start,
      options.pageSize ?? WEBHOOK_PAGE,
      new Date(start.getTime() + leaseMs),
      new Date(start.getTime() - RETRY_FOR_MS - leaseMs),
    ],
  );
  const result: DeliverResult = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  if (claimed.length === 0) return result;

  const endpoints = await readEndpoints([...new Set(claimed.map((c) => c.endpointId))]);
  const hosts = await allowedHosts();
  // Resolved and checked once per endpoint and page (every attempt of the page connects to the address checked).
  const targets = new Map<string, Promise<TargetCheck>>();
  const perEndpoint = new Map<string, Limiter>();
  const secrets = new Map<string, string[]>();
  const overall = limiter(options.overall ?? 64);
  const outcomes = await Promise.all(
    claimed.map(async (delivery): Promise<PostOutcome> => {
      if (delivery.expired) return { status: null, latencyMs: 0, excerpt: null, error: ENDED };
      const endpoint = endpoints.get(delivery.endpointId);
      if (!endpoint) return { status: null, latencyMs: 0, excerpt: null, error: "The endpoint was deleted." };
      if (!targets.has(endpoint.id)) targets.set(endpoint.id, checkTarget(endpoint.url, hosts));
      if (!perEndpoint.has(endpoint.id)) perEndpoint.set(endpoint.id, limiter(options.perEndpoint ?? 16));
      return perEndpoint.get(endpoint.id)!(() =>
        overall(async () => {
          const check = await targets.get(endpoint.id)!;
          if (!check.ok) return { status: null, latencyMs: 0, excerpt: null, error: check.reason };
          if (!secrets.has(endpoint.id)) secrets.set(endpoint.id, secretsOf(endpoint, start));
          const headers = signedHeaders(secrets.get(endpoint.id)!, delivery.eventId, now(), delivery.body);
          return postWebhook(check.target, headers, delivery.body, timeoutMs);
        }),
      );
    }),
  );

  const finished = now();
  const states: Outcome["state"][] = [];
  const next: (Date | null)[] = [];
  claimed.forEach((delivery, i) => {
    const outcome = outcomes[i]!;
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const again = ok ? null : nextAttempt(delivery.attempts, delivery.createdAt, finished);
    states.push(ok ? "DELIVERED" : again ? "PENDING" : "FAILED");
    next.push(again);
    if (ok) result.delivered++;
    else if (again) result.retrying++;
    else result.failed++;
  });
  await recordOutcomes(
    claimed.map((delivery, i) => ({ id: delivery.id, state: states[i]!, next: next[i]!, ...outcomes[i]! })),
    finished,
  );
  result.disabled = await recordHealth(claimed, states, finished);
  return result;
}

/** The secrets to sign with now: the current one, and the previous one while its overlap lasts. */
function secretsOf(endpoint: Endpoint, at: Date): string[] {
  const secrets = [openWebhookSecret(endpoint.secretCiphertext, endpoint.id)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at)
    secrets.push(openWebhookSecret(endpoint.previousSecretCiphertext, endpoint.id));
  return secrets;
}

async function readEndpoints(ids: string[]): Promise<Map<string, Endpoint>> {
  const { rows } = await pool().query<Endpoint>(
    `SELECT id, url, "secretCiphertext", "previousSecretCiphertext", "previousSecretUntil"
     FROM "WebhookEndpoint" WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * An endpoint with a success in the page is healthy again; one with only failures is failing since its first; one
 * failing for DISABLE_AFTER_MS is disabled, its waiting deliveries failed, and the disabling audited. Returns how many
 * were disabled.
 */
async function recordHealth(claimed: Claimed[], states: string[], at: Date): Promise<number> {
  const ok = new Set<string>();
  const failing = new Set<string>();
  claimed.forEach((c, i) => (states[i] === "DELIVERED" ? ok : failing).add(c.endpointId));
  for (const id of ok) failing.delete(id);
  if (ok.size > 0)
    await pool().query(
      `UPDATE "WebhookEndpoint" SET "failingSince" = NULL WHERE id = ANY($1::uuid[]) AND "failingSince" IS NOT NULL`,
      [[...ok]],
    );
  if (failing.size === 0) return 0;
  return transaction(async (client) => {
    const reason = "It failed every attempt for 3 days.";
    // One UPDATE (a row updated by two parts of one statement keeps only one of the changes).
    const { rows: marked } = await client.query<{ id: string; url: string; enabled: boolean }>(
      `UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", $2),
         enabled = COALESCE("failingSince", $2) > $3,
         "disabledAt" = CASE WHEN COALESCE("failingSince", $2) <= $3 THEN $2 END,
         "disabledReason" = CASE WHEN COALESCE("failingSince", $2) <= $3 THEN $4 END
       WHERE id = ANY($1::uuid[]) AND enabled
       RETURNING id, url, enabled`,
      [[...failing], at, new Date(at.getTime() - DISABLE_AFTER_MS), reason],
    );
    const rows = marked.filter((row) => !row.enabled);
    if (rows.length === 0) return 0;
    await client.query(
      `UPDATE "WebhookDelivery" SET state = 'FAILED', "nextAttemptAt" = NULL, "lastError" = 'The endpoint was disabled.'
       WHERE "endpointId" = ANY($1::uuid[]) AND state = 'PENDING'`,
      [rows.map((r) => r.id)],
    );
    for (const row of rows)
      await recordAudit(
        {
          actorId: null,
          action: "webhook.disable",
          targetType: "WebhookEndpoint",
          targetId: row.id,
          detail: { url: row.url, reason },
        },
        client,
      );
    forgetSubscriptions();
    return rows.length;
  });
}

type Limiter = <T>(work: () => Promise<T>) => Promise<T>;

/** At most `size` of the works given to it run at once. */
function limiter(size: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    // A slot freed is handed straight to the next in line, so no newcomer slips in between.
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
