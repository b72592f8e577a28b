"use client";
// The list planner, asked once typing pauses and never twice for the same question. It reads every recipient of the
// list (lib/batches/plan-list.ts), so: the text is debounced (use-settled.ts); a question overtaken by newer text is
// aborted, which stops the server's pass over the list (the route passes request.signal to planList); and answers are
// cached per (list, kind, text) — going back to an earlier text, switching the source or the account and back, or
// opening the review asks nothing. The account only sets requests and time to submit, figures recomputed here from
// the cached counts, so it is left out of the cache key. The one place Compose fetches the plan.
import { useQuery } from "@tanstack/react-query";
import { sendPlan } from "@/lib/batches/plan";
import type { ListPlan } from "@/lib/batches/plan-list";
import { fetchJson } from "@/lib/http/fetch-json";
import { useSettled } from "./use-settled";

export type PlanAccount = { id: string; batchSizeLimit: number; requestsPerSecond: number };

export type ListPlanState = {
  /** The plan for exactly the text typed now; null while it is asked or when there is nothing to ask. */
  plan: ListPlan | null;
  pending: boolean;
  error: Error | null;
};

export function useListPlan({
  enabled,
  listId,
  account,
  kind,
  text,
}: {
  enabled: boolean;
  listId: string;
  account: PlanAccount | undefined;
  kind: "SMS" | "VOICE";
  text: string;
}): ListPlanState {
  const settled = useSettled(text);
  const accountId = account?.id ?? "";
  const query = useQuery({
    queryKey: ["compose-plan", listId, kind, settled],
    queryFn: ({ signal }) =>
      fetchJson<ListPlan>(
        `/api/compose/plan?${new URLSearchParams({ listId, accountId, kind, templateText: settled })}`,
        { signal },
      ),
    enabled: enabled && listId !== "" && accountId !== "" && settled.trim() !== "",
    staleTime: 60_000,
    gcTime: 10 * 60_000,
  });
  const data = query.data && account ? withAccount(query.data, account) : null;
  return {
    plan: enabled && settled === text ? data : null,
    pending: enabled && (query.isFetching || settled !== text),
    error: enabled ? query.error : null,
  };
}

function withAccount(plan: ListPlan, account: PlanAccount): ListPlan {
  return { ...plan, ...sendPlan(plan.recipients, plan.units, account) };
}
