"use client";

// An account's voice language field and its values (lib/accounts/voice-language.ts). The field's name can never be
// one the provider's API already uses: the server refuses it, naming the reserved fields.
import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { InputField, TextareaField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

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
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [field, setField] = useState(currentField ?? "");
  const [languages, setLanguages] = useState(currentLanguages.join(", "));
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
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
      <Button type="submit" variant="primary" size="sm" disabled={pending}>
        {pending ? "Saving…" : "Save voice language"}
      </Button>
      <ActionNotice result={state} />
    </form>
  );
}
