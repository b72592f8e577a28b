// The layout of DeliveryRollup's count arrays (migration receipt_statuses computes the same slots in SQL,
// tuma_rollup_slot, checked by a test): "outcomes" holds messages sent, delivered (or answered), refused by the
// provider, then failed by failure class; "delays" holds final receipts per delay bucket (delay-buckets.ts).
import { FAILURE_CLASSES } from "@/lib/receipts/failure-classes";
import { DELAY_BUCKET_BOUNDS } from "./delay-buckets";

export const ROLLUP_OUTCOMES = ["SENT", "DELIVERED", "REJECTED", ...FAILURE_CLASSES] as const;
export type RollupOutcome = (typeof ROLLUP_OUTCOMES)[number];

/** Buckets in "delays": one below the first bound, one from each bound on. */
export const DELAY_BUCKETS = DELAY_BUCKET_BOUNDS.length + 1;
