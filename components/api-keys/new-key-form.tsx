"use client";
// A new API key: name, scopes (admin only for administrators), optional expiry, live or test, and the current
// password again (a key outlives the session); the key is shown once, with Copy.
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { Checkbox } from "@/components/ui/checkbox";
import { InputField } from "@/components/ui/field";
import { CopyField } from "@/components/ui/copy-button";
import type { ActionResult } from "@/lib/auth/action";

type Result = ActionResult & { key?: string };

export function NewKeyForm({
  action,
  scopes,
}: {
  action: FormAction<Result>;
  scopes: { scope: string; meaning: string }[];
}) {
  const { state, formAction, errors } = useActionForm(action);
  return (
    <form action={formAction} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Name" errors={errors.name} name="name" placeholder="Clinic appointments system" />
        <InputField
          label="Expires after (days, empty for never)"
          errors={errors.expiresInDays}
          name="expiresInDays"
          inputMode="numeric"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Scopes</legend>
        <div className="mt-1 space-y-1">
          {scopes.map(({ scope, meaning }) => (
            <Checkbox key={scope} name="scopes" value={scope} defaultChecked={scope === "read"}>
              <span className="font-mono">{scope}</span> — {meaning}
            </Checkbox>
          ))}
        </div>
        {errors.scopes ? <p className="mt-1 text-sm text-red-700">{errors.scopes.join(" ")}</p> : null}
      </fieldset>
      <Checkbox name="mode" value="test">
        Test key (<span className="font-mono">tuma_test_…</span>): reaches only the sandbox account, so a system can be
        built without sending real messages.
      </Checkbox>
      <InputField
        label="Your current password"
        hint="Asked again: a key works without you."
        errors={errors.password}
        name="password"
        type="password"
        autoComplete="current-password"
        className="max-w-sm"
      />
      <SubmitButton busy="Creating…" variant="primary" label="Create key" />
      <div className="space-y-2">
        <ActionNotice result={state} />
        {state?.ok && state.key ? <CopyField label="API key" value={state.key} /> : null}
      </div>
    </form>
  );
}
