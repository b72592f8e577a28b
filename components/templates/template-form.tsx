"use client";
// A template's name, kind and body — with Compose's own counter (characters, SMS segments and encoding) and its
// warning naming the characters that force UCS-2, so a template is known to cost what it costs before it is used —
// and its texts in other languages (issue 39), edited with Compose's own fields (variant-fields.tsx), each with its
// counter and, for voice, its voice language among the accounts' values and a Listen preview in it.

import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { ButtonLink } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField, SelectField, TextareaField } from "@/components/ui/field";
import { MessageCounter } from "@/components/compose/message-counter";
import { UnitsWarning } from "@/components/compose/units-warning";
import { submittedVariants, templateLanguages, type VariantDraft } from "@/components/compose/languages";
import { VariantFields } from "@/components/compose/variant-fields";
import type { AccountLanguages } from "@/components/compose/voice-language-field";
import type { LanguageVariant } from "@/lib/compose/language-variants";

export type EditedTemplate = {
  id: string;
  name: string;
  kind: "SMS" | "VOICE";
  body: string;
  variants: LanguageVariant[];
};
type Values = { name: string; kind: "SMS" | "VOICE"; body: string; variants: VariantDraft[] };
const empty: Values = { name: "", kind: "SMS", body: "", variants: [] };

/** New template, or the one being edited (`?edit=<id>`): the same form, every field controlled. */
export function TemplateForm({
  action,
  editing,
  voiceLanguages,
}: {
  action: FormAction;
  editing?: EditedTemplate | undefined;
  /** The voice language's values of every account that names one; undefined: none does. */
  voiceLanguages: AccountLanguages | undefined;
}) {
  const [values, setValues] = useState<Values>(
    editing
      ? {
          ...{ name: editing.name, kind: editing.kind, body: editing.body },
          ...templateLanguages(editing.variants, ""),
        }
      : empty,
  );
  // Saved: a new template's form is emptied for the next (an edit is redirected to the list by the action).
  const { state, formAction, errors } = useActionForm(action, () => setValues(empty));
  return (
    <form action={formAction} className="space-y-4">
      <input type="hidden" name="id" value={editing?.id ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Template name"
          errors={errors.name}
          name="name"
          required
          maxLength={100}
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
        <SelectField
          label="Kind"
          errors={errors.kind}
          name="kind"
          value={values.kind}
          onChange={(e) => setValues({ ...values, kind: e.target.value as "SMS" | "VOICE" })}
        >
          <option value="SMS">SMS</option>
          <option value="VOICE">Voice (text to speech)</option>
        </SelectField>
      </div>
      <TextareaField
        label="Template body"
        hint={
          <>
            {"{{column}} placeholders are filled in from a saved list's columns. "}
            <MessageCounter kind={values.kind} message={values.body} />
          </>
        }
        errors={errors.body}
        name="body"
        required
        rows={4}
        value={values.body}
        onChange={(e) => setValues({ ...values, body: e.target.value })}
      />
      {values.kind === "SMS" ? (
        <UnitsWarning text={values.body} onReplace={(body) => setValues({ ...values, body })} />
      ) : null}
      <fieldset className="space-y-4" data-testid="template-languages">
        <legend className="text-sm font-medium">Other languages</legend>
        <p className="text-sm text-slate-600">
          Texts for recipients in other languages: Compose sends each recipient of a saved list the one in their
          language, and anyone else the body above.
        </p>
        <VariantFields
          kind={values.kind}
          variants={values.variants}
          onVariants={(variants) => setValues({ ...values, variants })}
          accountLanguages={voiceLanguages}
          errors={errors}
        />
        {/* What the action reads (lib/templates/template-schema.ts): JSON in one field. */}
        <input
          type="hidden"
          name="variants"
          value={JSON.stringify(submittedVariants(values.variants, values.kind, voiceLanguages))}
        />
      </fieldset>
      <div className="flex gap-3">
        <SubmitButton busy="Saving…" variant="primary" label={editing ? "Save changes" : "Save template"} />
        {editing ? <ButtonLink href="/templates">Cancel</ButtonLink> : null}
      </div>
      <ActionNotice result={state} />
    </form>
  );
}
