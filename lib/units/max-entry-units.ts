// The largest ledger entry, a purchase (lib/purchases/record-purchase.ts) or a warning threshold (warn-threshold.ts):
// more than any account buys at once is a typing accident (an extra zero or three).
export const MAX_ENTRY_UNITS = 100_000_000;
