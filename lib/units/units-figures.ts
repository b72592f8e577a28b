// An account's units, from figures the database already keeps (docs/units-budget.md): bought is the ledger's sum
// (UnitPurchase, a few rows a month); used is the sum of its batches' charged units (Batch.smsUnits, kept by the
// message trigger) less that sum when the first entry was recorded (sends from before the ledger were paid for by
// units it never saw); committed is what scheduled, queued, sending and paused batches have not sent yet, each batch's
// planned units scaled by its recipients not yet past PENDING (read from the batch's counters). No message is read,
// so the figures cost the same at a million recipients as at ten.
import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db/pool";
import { batchStates } from "@/lib/states/state-sql";
import { ACTIVE_BATCH_STATES } from "@/lib/states/states";

export type UnitsFigures = {
  /** False until an administrator records a first entry: without one the balance is unknown and nothing is refused. */
  budgeted: boolean;
  bought: number;
  used: number;
  /** bought − used. */
  balance: number;
  committed: number;
  /** The overview warns when balance − committed falls below it (null: no warning). */
  warnBelow: number | null;
};

type Queryable = Pick<pg.PoolClient, "query">;

/** $1 the account, $2 a batch to leave out (or null). Reads the ledger, the account's batch rows and the account. */
export const FIGURES_SQL = `SELECT (SELECT count(*)::int FROM "UnitPurchase" WHERE "accountId" = $1) AS entries,
  (SELECT COALESCE(sum(units), 0)::bigint FROM "UnitPurchase" WHERE "accountId" = $1) AS bought,
  (SELECT COALESCE(sum("smsUnits"), 0)::bigint FROM "Batch" WHERE "accountId" = $1)
    - COALESCE((SELECT "usedAtEntry" FROM "UnitPurchase" WHERE "accountId" = $1 ORDER BY id LIMIT 1), 0) AS used,
  (SELECT COALESCE(sum(${committedSql("b")}), 0)::bigint FROM "Batch" b
    WHERE b."accountId" = $1 AND b.state IN ${batchStates(ACTIVE_BATCH_STATES)}
      AND ($2::uuid IS NULL OR b.id <> $2)) AS committed,
  (SELECT "unitsWarnBelow" FROM "ProviderAccount" WHERE id = $1) AS warn`;

/** `exceptBatchId`: leave out a batch being created (its own units are what is asked about). */
export async function unitsFigures(
  accountId: string,
  client: Queryable = pool(),
  exceptBatchId: string | null = null,
): Promise<UnitsFigures> {
  const { rows } = await client.query<{
    entries: number;
    bought: string;
    used: string;
    committed: string;
    warn: number | null;
  }>(FIGURES_SQL, [accountId, exceptBatchId]);
  const row = rows[0]!;
  const bought = Number(row.bought);
  const used = Number(row.used);
  return {
    budgeted: row.entries > 0,
    bought,
    used,
    balance: bought - used,
    committed: Number(row.committed),
    warnBelow: row.warn,
  };
}

/**
 * One batch's unsent planned units: plannedUnits × (planned recipients not yet past PENDING) / plannedRecipients,
 * rounded up. Exact for a text the same for everyone; for a personalised one, the batch's average per recipient.
 */
export function committedSql(b: string): string {
  const past = `(${b}."queuedCount" + ${b}."deliveredCount" + ${b}."answeredCount" + ${b}."failedCount" + ${b}."rejectedCount" + ${b}."unknownCount" + ${b}."cancelledCount")`;
  return `CASE WHEN ${b}."plannedRecipients" > 0
            THEN ceil(${b}."plannedUnits"::numeric * GREATEST(0, ${b}."plannedRecipients" - ${past}) / ${b}."plannedRecipients")
            ELSE 0 END`;
}

/** The account's charged units now (recorded with each ledger entry). */
export async function chargedUnits(accountId: string, client: Queryable): Promise<number> {
  const { rows } = await client.query<{ used: string }>(
    `SELECT COALESCE(sum("smsUnits"), 0)::bigint AS used FROM "Batch" WHERE "accountId" = $1`,
    [accountId],
  );
  return Number(rows[0]?.used ?? 0);
}

/** What is left after the committed batches and this one. */
export function leftAfter(figures: UnitsFigures, needs: number): number {
  return figures.balance - figures.committed - needs;
}
