"use client";

// The units left under which the overview warns, per account (lib/units/warn-threshold.ts); empty for no warning.
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";

export function UnitsThresholdForm({
  accountId,
  current,
  action,
}: {
  accountId: string;
  current: number | null;
  action: FormAction;
}) {
  const { state, formAction, errors } = useActionForm(action);
  const saved = current === null ? "" : String(current);
  const [below, setBelow] = useState(saved);
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3 text-sm">
      <input type="hidden" name="accountId" value={accountId} />
      <InputField
        label="Warn below (units left)"
        hint="Empty: no warning."
        errors={errors.below}
        fieldClassName="w-56"
        name="below"
        type="number"
        min={1}
        value={below}
        onChange={(e) => setBelow(e.target.value)}
      />
      <SubmitButton busy="Saving…" size="sm" disabled={below === saved} label="Save warning" />
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
