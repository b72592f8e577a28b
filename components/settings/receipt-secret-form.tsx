"use client";

import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";

/** Rotating an account's receipt secret, with how long the old one is still accepted. */
export function ReceiptSecretForm({
  accountId,
  previousAcceptedUntil,
  action,
}: {
  accountId: string;
  /** When the secret before the last rotation stops working, formatted; null when it already has. */
  previousAcceptedUntil: string | null;
  action: FormAction;
}) {
  const { state, formAction, errors } = useActionForm(action);
  return (
    <form
      action={formAction}
      aria-label="Rotate the receipt secret"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm"
    >
      <input type="hidden" name="accountId" value={accountId} />
      <p className="text-slate-600">
        The provider posts delivery receipts to a URL holding this account&apos;s secret. Rotate it if the URL leaked:
        new sends carry the new secret at once, and the old one is still accepted for the hours you choose, for the
        receipts of messages already sent.
      </p>
      {previousAcceptedUntil ? (
        <p className="text-slate-600">The previous secret is accepted until {previousAcceptedUntil}.</p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <InputField
          label="Accept the old secret for (hours)"
          hint="0 ends it now; at most 168 (a week)."
          errors={errors.overlapHours}
          name="overlapHours"
          type="number"
          min={0}
          max={168}
          defaultValue={72}
          className="w-32"
        />
        <SubmitButton busy="Rotating…" size="sm" label="Rotate receipt secret" />
      </div>
      <ActionNotice result={state} />
    </form>
  );
}
