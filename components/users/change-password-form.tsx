"use client";

import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";
import { PASSWORD_MIN } from "@/lib/password-length";

// The three password fields, alike but for their name, words and what the browser may fill in.
const FIELDS: { name: "current" | "next" | "repeat"; label: string; hint?: string; autoComplete: string }[] = [
  { name: "current", label: "Current password", autoComplete: "current-password" },
  { name: "next", label: "New password", hint: `At least ${PASSWORD_MIN} characters.`, autoComplete: "new-password" },
  { name: "repeat", label: "New password again", autoComplete: "new-password" },
];

export function ChangePasswordForm({ action }: { action: FormAction }) {
  const { state, formAction, errors } = useActionForm(action);
  const [values, setValues] = useState({ current: "", next: "", repeat: "" });
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [name]: e.target.value });
  return (
    <form action={formAction} className="max-w-sm space-y-4">
      {FIELDS.map(({ name, label, hint, autoComplete }) => (
        <InputField
          key={name}
          label={label}
          hint={hint}
          errors={errors[name]}
          name={name}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={set(name)}
        />
      ))}
      <ActionNotice result={state} />
      <SubmitButton busy="Changing…" variant="primary" label="Change password" />
    </form>
  );
}
