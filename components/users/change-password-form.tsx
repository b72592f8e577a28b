"use client";

import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";
import { PASSWORD_MIN } from "@/lib/password-length";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

export function ChangePasswordForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [values, setValues] = useState({ current: "", next: "", repeat: "" });
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [name]: e.target.value });
  return (
    <form action={formAction} className="max-w-sm space-y-4">
      <Field label="Current password" errors={errors.current}>
        {(ids) => (
          <Input
            {...ids}
            name="current"
            type="password"
            autoComplete="current-password"
            value={values.current}
            onChange={set("current")}
          />
        )}
      </Field>
      <Field label="New password" hint={`At least ${PASSWORD_MIN} characters.`} errors={errors.next}>
        {(ids) => (
          <Input
            {...ids}
            name="next"
            type="password"
            autoComplete="new-password"
            value={values.next}
            onChange={set("next")}
          />
        )}
      </Field>
      <Field label="New password again" errors={errors.repeat}>
        {(ids) => (
          <Input
            {...ids}
            name="repeat"
            type="password"
            autoComplete="new-password"
            value={values.repeat}
            onChange={set("repeat")}
          />
        )}
      </Field>
      <ActionNotice result={state} />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
