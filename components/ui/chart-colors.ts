// The colours of outcomes, the same on every chart (a plain module: server pages pass these to the client Chart).
export const OUTCOME_COLORS = {
  delivered: "#10b981",
  answered: "#047857",
  failed: "#ef4444",
  unknown: "#f59e0b",
  awaiting: "#94a3b8",
  units: "#0ea5e9",
  rate: "#0f172a",
} as const;
