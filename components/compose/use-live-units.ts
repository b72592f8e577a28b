"use client";
// The chosen account's units for Compose's units line: the page's figures at first, read again
// (GET /api/compose/units) when the tab is looked at again and whenever the review is about to open — units recorded
// in another tab are seen without a reload, which would have emptied the form (issue 35).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { AccountUnits } from "@/lib/units/budget-view";

type Answer = { budgeted: false } | ({ budgeted: true } & AccountUnits);

export function useLiveUnits(
  accountId: string | undefined,
  initial: Record<string, AccountUnits>,
): { units: AccountUnits | undefined; refresh: () => Promise<AccountUnits | undefined> } {
  const start = accountId ? initial[accountId] : undefined;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ["compose-units", accountId],
    queryFn: ({ signal }) => fetchJson<Answer>(`/api/compose/units?account=${accountId}`, { signal }),
    enabled: accountId !== undefined,
    initialData: accountId ? (start ? { budgeted: true as const, ...start } : { budgeted: false as const }) : undefined,
    // The page's figures were read as it was served: fresh until another look at the tab.
    staleTime: 0,
    refetchOnMount: false,
    refetchOnWindowFocus: "always",
  });
  const read = (answer: Answer | undefined) =>
    answer?.budgeted ? { balance: answer.balance, committed: answer.committed } : undefined;
  return {
    units: read(query.data),
    refresh: async () => {
      if (accountId === undefined) return undefined;
      try {
        // Asked directly (its answer put in the query's cache): the review waits for this one answer only, and a
        // server that does not answer within 10 s leaves the figures shown (the server checks the units again).
        const answer = await fetchJson<Answer>(`/api/compose/units?account=${encodeURIComponent(accountId)}`, {
          signal: AbortSignal.timeout(10_000),
        });
        client.setQueryData(["compose-units", accountId], answer);
        return read(answer);
      } catch {
        return read(query.data);
      }
    },
  };
}
