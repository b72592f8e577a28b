"use client";

// The current send rate and the time left, from the batch's counters as the page polls them (every 2 s while it
// sends): samples of the last 30 s (lib/reports/send-rate.ts). Computed in the browser because it is free there —
// the counters arrive anyway — whereas asking the database for recent submittedAt values would read messages through
// a column without an index on every poll.
import { useCallback, useState } from "react";
import type { BatchCounters } from "@/lib/batches/counters";
import { addSample, etaSeconds, ratePerSecond, sentOf, type RateSample } from "@/lib/reports/send-rate";

export function useSendRate(): {
  record: (batch: BatchCounters) => void;
  perSecond: number | null;
  etaSeconds: (pending: number) => number | null;
} {
  const [samples, setSamples] = useState<RateSample[]>([]);
  const record = useCallback((batch: BatchCounters) => {
    const sample = { at: Date.now(), sent: sentOf(batch) };
    setSamples((previous) => addSample(previous, sample));
  }, []);
  const perSecond = ratePerSecond(samples);
  return { record, perSecond, etaSeconds: (pending) => etaSeconds(pending, perSecond) };
}
