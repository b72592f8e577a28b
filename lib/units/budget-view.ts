import { formatCount } from "@/lib/numbers/format";
// Compose's units line, from figures alone (safe in the browser): what the batch needs, the account's balance, what
// scheduled and running batches have committed, and what is left after this one (docs/units-budget.md). The server
// checks the same sum when the batch is created (budget-check.ts).
export type AccountUnits = { balance: number; committed: number };

export type BudgetView = {
  needs: number;
  balance: number;
  committed: number;
  left: number;
  fits: boolean;
  sentence: string;
};

export function budgetView(units: AccountUnits, needs: number): BudgetView {
  const left = units.balance - units.committed - needs;
  const n = (value: number) => formatCount(value);
  return {
    needs,
    balance: units.balance,
    committed: units.committed,
    left,
    fits: left >= 0,
    sentence: `Needs ${n(needs)} units; balance ${n(units.balance)}; committed to scheduled and running batches ${n(units.committed)}; left after this ${n(left)}.`,
  };
}
