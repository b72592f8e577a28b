"use client";
// One whole number an administrator sets on its own form — the duplicate-send guard's window
// (lib/batches/duplicate-guard.ts), the carrier-blacklist burst limit (lib/receipts/held-opt-outs.ts): the field, a
// Save that waits for a change, and the answer.
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { type ButtonVariant } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";

export function NumberSettingForm({
  current,
  action,
  name,
  label,
  min,
  max,
  width,
  save,
  variant,
}: {
  current: number;
  action: FormAction;
  /** The form field's name, also the key of its errors. */
  name: string;
  label: string;
  min: number;
  max?: number;
  /** The field's width class. */
  width: string;
  /** The button's words. */
  save: string;
  variant: ButtonVariant;
}) {
  const { state, formAction, errors } = useActionForm(action);
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(current));
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3 text-sm">
      {/* Disabled until React runs the form: a value typed into the server's HTML would be reset by hydration. */}
      <fieldset disabled={!hydrated} className="contents">
        <InputField
          label={label}
          errors={errors[name]}
          fieldClassName={width}
          name={name}
          type="number"
          min={min}
          max={max}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </fieldset>
      <SubmitButton busy="Saving…" variant={variant} size="sm" disabled={value === String(current)} label={save} />
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
