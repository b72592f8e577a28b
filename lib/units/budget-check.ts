// A new batch against its account's units (docs/units-budget.md), inside the transaction that creates the batch row:
// under a per-account lock, so two batches composed at once cannot both take the last units. A batch that does not
// fit is refused, naming the field that would let it through (overrideBudget); an administrator may send it anyway,
// with a reason, audited. An account with no ledger entry has no known balance and refuses nothing.
import "server-only";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { AppError } from "@/lib/errors/app-error";
import { leftAfter, unitsFigures } from "./units-figures";
import { formatCount } from "@/lib/numbers/format";

export type BudgetRequest = {
  accountId: string;
  batchId: string;
  needs: number;
  authorId: string | null;
  override: boolean;
  reason: string | null;
};

export async function checkBudget(client: pg.PoolClient, request: BudgetRequest): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
    ADVISORY_LOCKS.UNITS_BUDGET,
    request.accountId,
  ]);
  const figures = await unitsFigures(request.accountId, client, request.batchId);
  if (!figures.budgeted) return;
  const left = leftAfter(figures, request.needs);
  if (left >= 0) return;
  const n = (value: number) => formatCount(value);
  const shortBy = `This batch needs ${n(request.needs)} units; the account's balance is ${n(figures.balance)}, with ${n(figures.committed)} committed to scheduled and running batches: ${n(-left)} short.`;
  if (!request.override) {
    const message = `${shortBy} Record the units bought (Settings), send to fewer recipients, or an administrator may send it anyway with a reason.`;
    throw new AppError("INVALID_INPUT", message, { overrideBudget: [message] });
  }
  const { rows } = await client.query<{ role: string }>(`SELECT role::text FROM "User" WHERE id = $1`, [
    request.authorId,
  ]);
  if (rows[0]?.role !== "ADMIN") {
    const message = `${shortBy} Only an administrator may send a batch over the units budget.`;
    throw new AppError("FORBIDDEN", message, { overrideBudget: [message] });
  }
  if (!request.reason?.trim()) {
    const message = "Say why this batch may go over the units budget: the reason is kept in the audit log.";
    throw new AppError("INVALID_INPUT", message, { budgetReason: [message] });
  }
  await recordAudit(
    {
      actorId: request.authorId,
      action: "units.override",
      targetType: "Batch",
      targetId: request.batchId,
      detail: {
        accountId: request.accountId,
        needs: request.needs,
        balance: figures.balance,
        committed: figures.committed,
        left,
        reason: request.reason,
      },
    },
    client,
  );
}
