"use client";
// The chosen account's units for Compose's units line: the page's figures at first, read again
// (GET /api/compose/units) when the tab is looked at again and whenever the review is about to open — units recorded
// in another tab are seen without a reload, which would have emptied the form (issue 35).
import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { AccountUnits } from "@/lib/units/budget-view";

type Answer = { budgeted: false } | ({ budgeted: true } & AccountUnits);

export function useLiveUnits(
  accountId: string | undefined,
  initial: Record<string, AccountUnits>,
): { units: AccountUnits | undefined; refresh: () => Promise<AccountUnits | undefined> } {
  const start = accountId ? initial[accountId] : undefined;
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
      const answer = await query.refetch();
      // A failed read keeps the figures already shown: the server checks the units again in any case.
      return read(answer.data ?? query.data);
    },
  };
}
