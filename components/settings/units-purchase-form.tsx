"use client";

// Units bought for an account, recorded in the ledger (lib/purchases/record-purchase.ts): how many, a note (needed for a
// negative, correcting entry) and whether to resume the batches the provider paused for lack of units (ticked: the
// top-up is usually for them).
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";

export function UnitsPurchaseForm({
  accountId,
  accountName,
  pausedForUnits,
  action,
}: {
  accountId: string;
  accountName: string;
  /** Batches of the account paused because the provider said it was out of units. */
  pausedForUnits: number;
  action: FormAction;
}) {
  const { state, formAction, errors } = useActionForm(action);
  const [units, setUnits] = useState("");
  const [note, setNote] = useState("");
  const [resume, setResume] = useState(true);
  return (
    <form
      action={formAction}
      className="flex flex-wrap items-end gap-3 text-sm"
      aria-label={`Record units for ${accountName}`}
    >
      <input type="hidden" name="accountId" value={accountId} />
      <InputField
        label="Units bought"
        hint="A negative number corrects an earlier entry."
        errors={errors.units}
        fieldClassName="w-48"
        name="units"
        type="number"
        step={1}
        value={units}
        onChange={(e) => setUnits(e.target.value)}
      />
      <InputField
        label="Note"
        errors={errors.note}
        fieldClassName="min-w-64 flex-1"
        name="note"
        maxLength={500}
        value={note}
        placeholder="Invoice 2291, M-Pesa ref…"
        onChange={(e) => setNote(e.target.value)}
      />
      {pausedForUnits > 0 ? (
        <label className="flex w-full items-center gap-2">
          <input type="checkbox" name="resumePaused" checked={resume} onChange={(e) => setResume(e.target.checked)} />
          Resume the {pausedForUnits} batch{pausedForUnits === 1 ? "" : "es"} paused because the account ran out of
          units
        </label>
      ) : null}
      <SubmitButton busy="Recording…" variant="primary" size="sm" disabled={units.trim() === ""} label="Record units" />
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
