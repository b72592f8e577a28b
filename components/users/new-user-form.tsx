"use client";

import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

export function NewUserForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [values, setValues] = useState({ email: "", name: "", role: "OPERATOR" });
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="grid gap-4 sm:grid-cols-4 sm:items-end">
      <Field label="Email" errors={errors.email}>
        {(ids) => (
          <Input
            {...ids}
            name="email"
            type="email"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
        )}
      </Field>
      <Field label="Name" errors={errors.name}>
        {(ids) => (
          <Input
            {...ids}
            name="name"
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
        )}
      </Field>
      <Field label="Role" errors={errors.role}>
        {(ids) => (
          <Select
            {...ids}
            name="role"
            value={values.role}
            onChange={(e) => setValues({ ...values, role: e.target.value })}
          >
            <option value="VIEWER">Viewer — reads reports</option>
            <option value="OPERATOR">Operator — sends</option>
            <option value="ADMIN">Admin — manages accounts and users</option>
          </Select>
        )}
      </Field>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Adding…" : "Add user"}
      </Button>
      <ActionNotice result={state} className="sm:col-span-4" />
    </form>
  );
}
