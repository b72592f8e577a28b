// A batch's counters and, for an escalating SMS batch, its calls' counters, read by ONE statement (one snapshot): the
// batch page polls this, and its counters, "reached" and the escalation funnel are all computed from it, so two figures
// on the page never come from two moments (issue 35: the funnel said Sent 0 beside 161 delivered).
import "server-only";
import { pool } from "@/lib/db/pool";
import { STATE_COUNTERS, type BatchCounters } from "./counters";

/** Outcomes of an escalating SMS batch's calls, kept on the SMS batch by the counters' trigger (migration call_outcomes). */
export type CallOutcomeCounters = { reachedByCallCount: number; queuedCalledCount: number };
export type CallsCounters = BatchCounters & { id: string; name: string; recipientCount: number };
export type CountersSnapshot = BatchCounters &
  CallOutcomeCounters & { recipientCount: number; updatedAt: Date; calls: CallsCounters | null };

const fields = STATE_COUNTERS.map((c) => c.field);

export async function countersSnapshot(batchId: string): Promise<CountersSnapshot | null> {
  const { rows } = await pool().query<CountersSnapshot>(
    `SELECT ${fields.map((f) => `b."${f}"`).join(", ")}, b."reachedByCallCount", b."queuedCalledCount",
            b."recipientCount", b."updatedAt",
            CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object(
              'id', c.id, 'name', c.name, 'recipientCount', c."recipientCount",
              ${fields.map((f) => `'${f}', c."${f}"`).join(", ")}) END AS calls
     FROM "Batch" b LEFT JOIN "Batch" c ON c."escalatesBatchId" = b.id
     WHERE b.id = $1`,
    [batchId],
  );
  return rows[0] ?? null;
}

/**
 * Reached = SMS delivered (or a call answered, for a calls' batch) or, for an SMS, its escalation call answered. The
 * one definition: reachedCount adds these counters in this process, reachedSql in a statement (the Overview's days).
 */
const REACHED_COUNTERS = ["deliveredCount", "answeredCount", "reachedByCallCount"] as const;

export function reachedCount(counters: BatchCounters & Partial<CallOutcomeCounters>): number {
  return REACHED_COUNTERS.reduce((total, field) => total + (counters[field] ?? 0), 0);
}

/** reachedCount as SQL over a "Batch" row named `alias`: `b."deliveredCount" + …`. */
export function reachedSql(alias: string): string {
  return REACHED_COUNTERS.map((field) => `${alias}."${field}"`).join(" + ");
}
