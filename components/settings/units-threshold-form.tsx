"use client";

// The units left under which the overview warns, per account (lib/units/warn-threshold.ts); empty for no warning.
import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

export function UnitsThresholdForm({
  accountId,
  current,
  action,
}: {
  accountId: string;
  current: number | null;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [below, setBelow] = useState(current === null ? "" : String(current));
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
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
      <Button type="submit" size="sm" disabled={pending || below === (current === null ? "" : String(current))}>
        {pending ? "Saving…" : "Save warning"}
      </Button>
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
