"use client";

// A batch as its page shows it, read again while anything can still change (every 2 s while it sends, receipts are
// still arriving or its escalation's calls are open; every 15 s otherwise), each read also a sample of the send rate
// (use-send-rate.ts). `refetch` reads it again at once, after an action.
import { useQuery } from "@tanstack/react-query";
import type { BatchDetail } from "@/lib/batches/get-batch";
import { fetchJson } from "@/lib/http/fetch-json";
import type { Serialized } from "@/lib/http/serialize";
import { isActiveBatch } from "@/lib/states/states";
import { useSendRate } from "./use-send-rate";

export type BatchJson = Serialized<BatchDetail>;

export function useLiveBatch(initial: BatchJson) {
  const rate = useSendRate();
  const {
    data: batch = initial,
    error,
    refetch,
  } = useQuery({
    queryKey: ["batch", initial.id],
    queryFn: async () => {
      const next = await fetchJson<BatchJson>(`/api/batches/${initial.id}`);
      rate.record(next);
      return next;
    },
    initialData: initial,
    // Live while anything can still change: sending, receipts still arriving, or its escalation's calls.
    refetchInterval: (query) => {
      const data = query.state.data;
      const calls = data?.escalationChild;
      return isActiveBatch(data?.state ?? "") ||
        (data?.queuedCount ?? 0) > 0 ||
        (calls ? calls.pendingCount + calls.queuedCount : 0) > 0
        ? 2_000
        : 15_000;
    },
  });
  return { batch, error, refetch, rate };
}
