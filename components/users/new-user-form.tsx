"use client";

import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField, SelectField } from "@/components/ui/field";
import { CopyField } from "@/components/ui/copy-button";
import type { ActionResult } from "@/lib/auth/action";

type Result = ActionResult & { oneTimePassword?: string };

// The least a new user can do is read (issue 19): sending or managing is a choice the administrator makes.
const EMPTY = { email: "", name: "", role: "VIEWER" };

export function NewUserForm({ action }: { action: FormAction<Result> }) {
  const [values, setValues] = useState(EMPTY);
  // Added: the form is empty again for the next one, and the one-time password stays on screen with its Copy button.
  const { state, formAction, errors } = useActionForm(action, () => setValues(EMPTY));
  return (
    <form action={formAction} className="grid gap-4 sm:grid-cols-4 sm:items-end">
      <InputField
        label="Email"
        errors={errors.email}
        name="email"
        type="email"
        value={values.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <InputField
        label="Name"
        errors={errors.name}
        name="name"
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <SelectField
        label="Role"
        errors={errors.role}
        name="role"
        value={values.role}
        onChange={(e) => setValues({ ...values, role: e.target.value })}
      >
        <option value="VIEWER">Viewer — reads reports</option>
        <option value="OPERATOR">Operator — sends</option>
        <option value="ADMIN">Admin — manages accounts and users</option>
      </SelectField>
      <SubmitButton busy="Adding…" variant="primary" label="Add user" />
      <div className="space-y-2 sm:col-span-4">
        <ActionNotice result={state} />
        {state?.ok && state.oneTimePassword ? (
          <CopyField label="One-time password" value={state.oneTimePassword} />
        ) : null}
      </div>
    </form>
  );
}
