"use client";

// An account's voice language field and its values (lib/accounts/voice-language.ts). The field's name can never be
// one the provider's API already uses: the server refuses it, naming the reserved fields.
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField, TextareaField } from "@/components/ui/field";

export function VoiceLanguageForm({
  accountId,
  accountName,
  field: currentField,
  languages: currentLanguages,
  action,
}: {
  accountId: string;
  accountName: string;
  field: string | null;
  languages: string[];
  action: FormAction;
}) {
  const { state, formAction, errors } = useActionForm(action);
  const [field, setField] = useState(currentField ?? "");
  const [languages, setLanguages] = useState(currentLanguages.join(", "));
  return (
    <form action={formAction} className="space-y-3 text-sm" aria-label={`Voice language of ${accountName}`}>
      <input type="hidden" name="accountId" value={accountId} />
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label="Request field"
          hint="As the provider names it, e.g. language. Empty: none."
          errors={errors.field}
          name="field"
          value={field}
          onChange={(e) => setField(e.target.value)}
        />
        <TextareaField
          label="Allowed values"
          hint="As the provider spells them, separated by commas."
          errors={errors.languages}
          name="languages"
          rows={2}
          value={languages}
          onChange={(e) => setLanguages(e.target.value)}
        />
      </div>
      <SubmitButton busy="Saving…" variant="primary" size="sm" label="Save voice language" />
      <ActionNotice result={state} />
    </form>
  );
}
