"use client";
// The batch against its account's units (lib/units/budget-view.ts): "needs N; balance B; committed C; left after this
// D". A batch that does not fit is refused by the server; an administrator may send it anyway, saying why (audited).
import { InputField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { BudgetView } from "@/lib/units/budget-view";

export type BudgetChoice = { override: boolean; reason: string };

export function BudgetLine({
  view,
  canOverride,
  choice,
  onChoice,
  errors,
}: {
  /** Null when the account has no units recorded (nothing is checked) or the plan is not known yet. */
  view: BudgetView | null;
  canOverride: boolean;
  choice: BudgetChoice;
  onChoice: (choice: BudgetChoice) => void;
  errors: { overrideBudget?: string[] | undefined; budgetReason?: string[] | undefined };
}) {
  if (!view) return null;
  return (
    <div className="space-y-2 text-sm" data-testid="budget-line">
      <Notice tone={view.fits ? "info" : "error"}>
        {view.sentence}
        {view.fits ? null : (
          <>
            {" "}
            This batch does not fit the account&apos;s units.{" "}
            {canOverride
              ? "Record the units bought in Settings, send to fewer recipients, or send it anyway with a reason."
              : "Send to fewer recipients, or ask an administrator to record the units bought (or to send it)."}
          </>
        )}
      </Notice>
      {errors.overrideBudget ? <Notice tone="error">{errors.overrideBudget.join(" ")}</Notice> : null}
      {!view.fits && canOverride ? (
        <>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="overrideBudget"
              checked={choice.override}
              onChange={(e) => onChoice({ ...choice, override: e.target.checked })}
            />
            Send it anyway, over the units budget (administrator)
          </label>
          {choice.override ? (
            <InputField
              label="Why it may go over the budget"
              hint="Kept in the audit log."
              errors={errors.budgetReason}
              name="budgetReason"
              maxLength={500}
              value={choice.reason}
              onChange={(e) => onChoice({ ...choice, reason: e.target.value })}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
