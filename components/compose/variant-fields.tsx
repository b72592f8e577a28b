"use client";
// The texts in other languages themselves (issue 39, docs/languages.md): one per language beside the default, each
// with the default's counter (length, segments and encoding) and, for SMS, the warning naming what forces UCS-2; for
// voice, its voice language and a Listen preview that reads this text in that language. Compose's "Other languages"
// (language-fields.tsx) and the template editor (components/templates/template-form.tsx) both show these.
import { Button } from "@/components/ui/button";
import { TextareaField, SelectField } from "@/components/ui/field";
import { languageLabel } from "@/lib/languages/known-languages";
import { languagesLeft, voiceLanguageOf, voiceValueFor, type VariantDraft } from "./languages";
import { MessageCounter } from "./message-counter";
import { UnitsWarning } from "./units-warning";
import { VoiceLanguageField, type AccountLanguages } from "./voice-language-field";

type Errors = Record<string, string[] | undefined>;

export function VariantFields({
  kind,
  variants,
  onVariants,
  accountLanguages,
  errors,
}: {
  kind: "SMS" | "VOICE";
  variants: VariantDraft[];
  onVariants: (variants: VariantDraft[]) => void;
  /** The voice language's values; undefined: none to choose (no voice language is sent). */
  accountLanguages: AccountLanguages | undefined;
  errors: Errors;
}) {
  const change = (i: number, variant: Partial<VariantDraft>) =>
    onVariants(variants.map((v, j) => (j === i ? { ...v, ...variant } : v)));
  function add(code: string) {
    if (!code) return;
    const voiceLanguage = accountLanguages ? voiceValueFor(code, accountLanguages.values) : "";
    onVariants([...variants, { language: code, text: "", voiceLanguage }]);
  }
  return (
    <>
      {variants.map((variant, i) => (
        <fieldset key={variant.language} className="space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">{languageLabel(variant.language)}</legend>
          <TextareaField
            label={`Message in ${languageLabel(variant.language)}`}
            errors={
              errors[`variants.${i}.text`] ??
              errors[`variants.${i}.language`] ??
              (i === 0 ? errors.variants : undefined)
            }
            hint={<MessageCounter kind={kind} message={variant.text} perRecipient={null} />}
            rows={3}
            value={variant.text}
            onChange={(e) => change(i, { text: e.target.value })}
          />
          {kind === "SMS" ? <UnitsWarning text={variant.text} onReplace={(text) => change(i, { text })} /> : null}
          {kind === "VOICE" && accountLanguages ? (
            <VoiceLanguageField
              languages={accountLanguages}
              value={voiceLanguageOf(variant, accountLanguages)}
              onValue={(voiceLanguage) => change(i, { voiceLanguage })}
              text={variant.text}
              errors={errors[`variants.${i}.voiceLanguage`]}
              label={`Voice language for ${languageLabel(variant.language)}`}
              fieldName={null}
            />
          ) : null}
          <Button size="sm" onClick={() => onVariants(variants.filter((_, j) => j !== i))}>
            Remove {languageLabel(variant.language)}
          </Button>
        </fieldset>
      ))}
      <SelectField label="Add a language" fieldClassName="max-w-xs" value="" onChange={(e) => add(e.target.value)}>
        <option value="">Choose a language…</option>
        {languagesLeft(variants).map((language) => (
          <option key={language.code} value={language.code}>
            {language.name} ({language.code})
          </option>
        ))}
      </SelectField>
    </>
  );
}
