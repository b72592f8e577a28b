// Every advisory lock Tuma takes, by its first key (PostgreSQL's two-key form; the second key names what is locked:
// a worker's key, hashtext of a batch id, …). One list, so that no two uses share a key. pg-boss's own locks use the
// one-key form, a separate key space.
export const ADVISORY_LOCKS = {
  /** A worker's identity, held by its session for as long as it lives (lib/dispatch/worker-identity.ts). */
  WORKER: 7261,
  /**
   * Held by the session storing a batch's recipients (lib/batches/create-batch.ts); a batch left storing without it
   * was left by a process that died (lib/dispatch/interrupted-storing.ts).
   */
  STORING_BATCH: 7262,
  // 7263 was an upload's own lock (uploads now keep a heartbeat instead): left unused, so that a process of an older
  // version running beside this one never shares a key with a new use.
  /** A transfer slot claim, per user and kind (lib/fair-share/transfer-slots.ts). */
  TRANSFER_SLOT: 7264,
  /**
   * Applying receipts of statuses outside the built-in table (shared) against mapping one (exclusive):
   * lib/receipts/status-mappings.ts. It shared 7264 with the slot claims until both were listed here.
   */
  STATUS_MAPPING: 7265,
  /**
   * Checking a new batch against its account's units (lib/units/budget-check.ts), per account (hashtext of its id),
   * held until the batch row commits: two batches composed at once cannot both take the last units.
   */
  UNITS_BUDGET: 7266,
  /** Erasing a number (lib/number-story/erase-number.ts), per number (hashtext of it): a double click erases once. */
  ERASE_NUMBER: 7267,
  /**
   * Applying migrations (lib/db/migrator.ts), held for the whole of it: replicas started together (compose.yaml,
   * `--scale`) migrate one after the other, however long a migration takes, and the later ones find nothing to do.
   */
  MIGRATIONS: 7268,
} as const;
