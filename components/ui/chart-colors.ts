// The colours of outcomes, the same on every chart and as the states' own (state-colors.ts), plus the two series that
// are not states (a plain module: server pages pass these to the client Chart).
import { STATE_COLORS } from "./state-colors";

export const OUTCOME_COLORS = {
  delivered: STATE_COLORS.DELIVERED.hex,
  answered: STATE_COLORS.ANSWERED.hex,
  failed: STATE_COLORS.FAILED.hex,
  unknown: STATE_COLORS.UNKNOWN.hex,
  /** No receipt yet: a message still QUEUED. */
  awaiting: STATE_COLORS.QUEUED.hex,
  units: "#0ea5e9",
  rate: "#0f172a",
} as const;
