// The ledger as the units page shows it: an account's latest entries, newest first, with who recorded each.
import "server-only";
import { db } from "@/lib/db/client";

export const LEDGER_PAGE = 50;

export type LedgerEntry = { id: string; units: number; note: string | null; by: string | null; at: Date };

export async function listPurchases(accountId: string): Promise<LedgerEntry[]> {
  const rows = await db.unitPurchase.findMany({
    where: { accountId },
    orderBy: { id: "desc" },
    take: LEDGER_PAGE,
    select: { id: true, units: true, note: true, createdAt: true, createdBy: { select: { name: true } } },
  });
  return rows.map((row) => ({
    id: String(row.id),
    units: row.units,
    note: row.note,
    by: row.createdBy?.name ?? null,
    at: row.createdAt,
  }));
}
