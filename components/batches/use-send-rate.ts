"use client";

// The current send rate and the time left, from the batch's counters as the page polls them (every 2 s while it
// sends): messages that left PENDING between the first and last sample of the last 30 s, over that time. Computed in
// the browser because it is free there — the counters arrive anyway — whereas asking the database for recent
// submittedAt values would read messages through a column without an index on every poll.
import { useCallback, useState } from "react";
import { SENT_STATES } from "@/lib/batches/states";
import { STATE_COUNTERS } from "@/lib/batches/counters";

type Counters = Record<(typeof STATE_COUNTERS)[number]["field"], number>;
type Sample = { at: number; sent: number };

const WINDOW_MS = 30_000;

export function sentOf(batch: Counters): number {
  return STATE_COUNTERS.filter((c) => (SENT_STATES as readonly string[]).includes(c.state)).reduce((sum, c) => sum + batch[c.field], 0);
}

export function useSendRate(): { record: (batch: Counters) => void; perSecond: number | null; etaSeconds: (pending: number) => number | null } {
  const [samples, setSamples] = useState<Sample[]>([]);
  const record = useCallback((batch: Counters) => {
    const sample = { at: Date.now(), sent: sentOf(batch) };
    setSamples((previous) => [...previous.filter((s) => s.at > sample.at - WINDOW_MS), sample]);
  }, []);
  const first = samples[0];
  const last = samples.at(-1);
  const perSecond = first && last && last.at - first.at >= 1_500 ? ((last.sent - first.sent) * 1000) / (last.at - first.at) : null;
  return {
    record,
    perSecond,
    etaSeconds: (pending) => (perSecond && perSecond > 0 ? pending / perSecond : null),
  };
}
