// Recording a page of webhook attempts (deliver.ts): one statement for the whole page, the fast way — each delivery's
// last attempt on its row and every attempt in its log (WebhookAttempt). Should it fail,
// each delivery is recorded alone, and one that still fails is recorded without the receiver's answer and error (a
// sentence saying so instead): one bad row never keeps the page unrecorded, which would leave every delivery in it
// to be claimed and posted again when its lease ends (docs/webhooks.md). A row that cannot be recorded even so is
// logged and left to its lease; the claim ends it at its 24 h limit whatever happened (deliver.ts). A database that
// is down or busy fails the page as before (its error is thrown), never row by row.
import "server-only";
import { pool } from "@/lib/db/pool";
import { POOL_TIMEOUT_ATTEMPTS, retryOnPoolTimeout } from "@/lib/db/pool-timeout";
import { storableText } from "@/lib/db/storable-text";
import { logger } from "@/lib/log";

export type Outcome = {
  id: string;
  state: "DELIVERED" | "PENDING" | "FAILED";
  next: Date | null;
  status: number | null;
  latencyMs: number;
  error: string | null;
  excerpt: string | null;
};

/** The delivery's last attempt on its row, and the attempt itself appended to its log (WebhookAttempt). */
const RECORD_SQL = `WITH o AS (
       SELECT * FROM unnest($1::bigint[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[])
         AS o(id, state, next, status, latency, error, excerpt)
     ),
     recorded AS (
       UPDATE "WebhookDelivery" d SET state = o.state::"WebhookDeliveryState", "nextAttemptAt" = o.next,
         "lastAttemptAt" = $2::timestamptz, "lastStatusCode" = o.status, "lastLatencyMs" = o.latency, "lastError" = o.error,
         "responseExcerpt" = o.excerpt, "deliveredAt" = CASE WHEN o.state = 'DELIVERED' THEN $2::timestamptz END
       FROM o WHERE d.id = o.id
       RETURNING d.id
     )
     INSERT INTO "WebhookAttempt" ("deliveryId", at, "statusCode", "latencyMs", error, "responseExcerpt")
     SELECT o.id, $2::timestamptz, o.status, o.latency, o.error, o.excerpt FROM o JOIN recorded r ON r.id = o.id
     ORDER BY o.id`;

/**
 * One statement for the page; tried again when the pool had no free connection in time (lib/db/pool-timeout.ts): the
 * attempts are made, and a page left unrecorded would be posted again at its lease's end — a duplicate for every
 * receiver, seen under load (lib/webhooks/outcome-events.test.ts).
 */
async function record(outcomes: Outcome[], at: Date): Promise<void> {
  await retryOnPoolTimeout(
    () => recordOnce(outcomes, at),
    (attempt) =>
      logger().warn(
        { attempt, of: POOL_TIMEOUT_ATTEMPTS },
        "Recording a page of webhook attempts found no free database connection in time; trying again.",
      ),
  );
}

async function recordOnce(outcomes: Outcome[], at: Date): Promise<void> {
  await pool().query(RECORD_SQL, [
    outcomes.map((o) => o.id),
    at,
    outcomes.map((o) => o.state),
    outcomes.map((o) => o.next),
    outcomes.map((o) => o.status),
    outcomes.map((o) => o.latencyMs),
    outcomes.map((o) => o.error),
    outcomes.map((o) => o.excerpt),
  ]);
}

/**
 * Whether an error is about the values written (a data exception, a constraint, a trigger's refusal) rather than the
 * database being unreachable or busy: only then is a row worth recording alone. Otherwise the page's error is thrown,
 * its deliveries wait for their lease, and no row is tried 500 times against a database that is down.
 */
function aboutTheValues(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23") || code === "P0001");
}

const reasonOf = (error: unknown): string =>
  storableText(error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Records every outcome of a page; a row that cannot be stored as it is costs only itself. */
export async function recordOutcomes(outcomes: Outcome[], at: Date): Promise<void> {
  if (outcomes.length === 0) return;
  try {
    return await record(outcomes, at);
  } catch (error) {
    if (!aboutTheValues(error)) throw error;
    if (outcomes.length === 1) return recordWithoutAnswer(outcomes[0]!, at, error);
    logger().warn(
      { err: error, deliveries: outcomes.length },
      "A page of webhook outcomes could not be recorded in one statement; recording each delivery alone.",
    );
  }
  for (const outcome of outcomes) {
    try {
      await record([outcome], at);
    } catch (error) {
      if (!aboutTheValues(error)) throw error;
      await recordWithoutAnswer(outcome, at, error);
    }
  }
}

/** The outcome without what the receiver sent, and why; logged when even that cannot be stored. */
async function recordWithoutAnswer(outcome: Outcome, at: Date, cause: unknown): Promise<void> {
  const error = `The outcome could not be stored as received (${reasonOf(cause)}); the answer is not kept.`;
  try {
    await record([{ ...outcome, excerpt: null, error }], at);
  } catch (again) {
    logger().error(
      { err: again, delivery: outcome.id },
      "A webhook delivery's outcome could not be recorded; it is tried again when its lease ends, until its 24 h limit.",
    );
  }
}
