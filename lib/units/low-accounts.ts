// Accounts whose units left (balance less what is committed) are under the threshold an administrator set: the
// overview's warning. Only accounts with a threshold are read (a few), each from its counters (units-figures.ts).
import "server-only";
import { db } from "@/lib/db/client";
import { unitsFigures } from "./units-figures";

export type LowAccount = { id: string; name: string; left: number; warnBelow: number };

export async function lowUnitAccounts(): Promise<LowAccount[]> {
  const accounts = await db.providerAccount.findMany({
    where: { unitsWarnBelow: { not: null } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
  const low: LowAccount[] = [];
  for (const account of accounts) {
    const figures = await unitsFigures(account.id);
    const left = figures.balance - figures.committed;
    if (figures.budgeted && figures.warnBelow !== null && left < figures.warnBelow)
      low.push({ id: account.id, name: account.name, left, warnBelow: figures.warnBelow });
  }
  return low;
}
