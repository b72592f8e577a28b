// The administrators' status mappings (ReceiptStatus rows with a state), consulted after the built-in table
// (status-map.ts). The applier reads the ones it needs inside its transaction, under a shared lock that mapping a
// status takes exclusively (map-status.ts): a receipt is applied either wholly before a mapping (and its message is
// then among those the mapping changes) or wholly after it (and mapped by it), never half-way. Pages read them
// through a short cache, forgotten in this process when a mapping changes.
import "server-only";
import type pg from "pg";
import type { MessageState } from "@/lib/generated/prisma/enums";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { pool } from "@/lib/db/pool";
import { cached, forget } from "@/lib/cache/report-cache";
import { isFailureClass } from "./failure-classes";
import { MAPPABLE_STATES, mappingOf, type MappableState, type StatusMapping } from "./status-map";

/** Advisory lock (first key) between applying receipts of statuses outside the built-in table and mapping one. */
export const STATUS_MAPPING_LOCK_SPACE = ADVISORY_LOCKS.STATUS_MAPPING;

/**
 * Statuses longer than this are stored and shown as they came but not counted on the Receipts page nor mappable: a
 * primary key cannot hold any length, and no real status is this long.
 */
export const TRACKED_STATUS_LENGTH = 100;

const CACHE_KEY = "receipt-status-mappings";

type Row = { status: string; state: MessageState; failureClass: string | null };

function toMapping(row: Row): StatusMapping {
  const state = (MAPPABLE_STATES as readonly string[]).includes(row.state) ? (row.state as MappableState) : "QUEUED";
  return mappingOf(state, isFailureClass(row.failureClass) ? row.failureClass : null);
}

/** The mappings of these statuses (all of them when none are named). */
export async function readMappings(
  executor: Pick<pg.Pool | pg.PoolClient, "query"> = pool(),
  statuses?: readonly string[],
): Promise<Map<string, StatusMapping>> {
  const { rows } = await executor.query<Row>(
    `SELECT status, state, "failureClass" FROM "ReceiptStatus"
     WHERE state IS NOT NULL AND ($1::text[] IS NULL OR status = ANY($1::text[]))`,
    [statuses ? [...statuses] : null],
  );
  return new Map(rows.map((row) => [row.status, toMapping(row)]));
}

/** Every mapping, cached for a few seconds (other processes see a change within that time). */
export function cachedMappings(): Promise<Map<string, StatusMapping>> {
  return cached(
    CACHE_KEY,
    () => 10_000,
    () => readMappings(),
  );
}

export function forgetCachedMappings(): void {
  forget(CACHE_KEY);
}
