"use client";
// Texts in other languages (issue 39, docs/languages.md): beside the message above (the default), one text per
// language (variant-fields.tsx, as a template's are edited: each with its own counter and, for voice, its voice
// language and a Listen preview); the list's column that says each recipient's language; and every distinct value of
// that column with its count and the text it gets, which the operator may change and must confirm before sending
// (review-check.ts). Only for a saved list: pasted
// numbers all get the default. The planner's answer (use-language-plan.ts) fills the table.
import { Card } from "@/components/ui/card";
import { Select, SelectField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { languageLabel } from "@/lib/languages/known-languages";
import { formatCount } from "@/lib/numbers/format";
import type { ListChoice } from "./list-source";
import {
  confirmationKey,
  guessLanguageColumn,
  submittedVariants,
  type Languages,
  type VariantDraft,
} from "./languages";
import type { LanguagePlanState } from "./use-language-plan";
import { VariantFields } from "./variant-fields";
import type { AccountLanguages } from "./voice-language-field";

type Errors = Record<string, string[] | undefined>;

export function LanguageFields({
  kind,
  list,
  languages,
  onLanguages,
  accountLanguages,
  plan,
  errors,
}: {
  kind: "SMS" | "VOICE";
  list: ListChoice | undefined;
  languages: Languages;
  onLanguages: (languages: Languages) => void;
  accountLanguages: AccountLanguages | undefined;
  plan: LanguagePlanState;
  errors: Errors;
}) {
  const { variants } = languages;
  // The first language added finds the list's language column by its name, as loading a template's does.
  const onVariants = (next: VariantDraft[]) =>
    onLanguages({
      ...languages,
      variants: next,
      column: languages.column || (next.length ? guessLanguageColumn(list?.columns ?? []) : ""),
    });
  return (
    <Card title="Other languages" data-testid="languages">
      <p className="mb-3 text-sm text-slate-600">
        Each recipient gets the text in their own language, read from a column of the list; anyone whose language has no
        text here gets the message above.
      </p>
      <div className="space-y-4">
        <VariantFields {...{ kind, variants, onVariants, accountLanguages, errors }} />
        {variants.length > 0 && list ? (
          <>
            <Mapping list={list} languages={languages} onLanguages={onLanguages} plan={plan} errors={errors} />
            {/* What the action reads (lib/batches/compose-schema.ts): JSON in one field each. */}
            <input
              type="hidden"
              name="variants"
              value={JSON.stringify(submittedVariants(variants, kind, accountLanguages))}
            />
            <input type="hidden" name="languageColumn" value={languages.column} />
            <input type="hidden" name="languageMapping" value={JSON.stringify(languages.mapping)} />
          </>
        ) : null}
      </div>
    </Card>
  );
}

/** The language column, its values with their counts and texts, and the operator's confirmation. */
function Mapping({
  list,
  languages,
  onLanguages,
  plan,
  errors,
}: {
  list: ListChoice;
  languages: Languages;
  onLanguages: (languages: Languages) => void;
  plan: LanguagePlanState;
  errors: Errors;
}) {
  const key = confirmationKey(list.id, languages);
  const shown = plan.shown;
  const choices = [{ code: "", label: "Default text" }].concat(
    languages.variants.map((v) => ({ code: v.language, label: languageLabel(v.language) })),
  );
  return (
    <div className="space-y-3">
      <SelectField
        label="Language column"
        hint="The list's column that says each recipient's language (sw, Kiswahili, English…)."
        errors={errors.languageColumn}
        fieldClassName="max-w-xs"
        value={languages.column}
        onChange={(e) => onLanguages({ ...languages, column: e.target.value, mapping: {} })}
      >
        <option value="">Choose a column…</option>
        {list.columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </SelectField>
      {plan.error ? <Notice tone="error">{plan.error.message}</Notice> : null}
      {languages.column && shown ? (
        <>
          <Table
            aria-label="Who gets which text"
            cards
            data-testid="language-mapping"
            aria-busy={plan.pending}
            columns={[`Value in “${languages.column}”`, numeric("Recipients"), "Gets"]}
          >
            {shown.values.map(({ value, rows, language }) => (
              <Tr key={value} data-value={value}>
                <Td data-label="Value">{value === "" ? <em>blank</em> : value}</Td>
                <Td numeric data-label="Recipients">
                  {formatCount(rows)}
                </Td>
                <Td data-label="Gets">
                  <Select
                    aria-label={`Text for “${value || "blank"}”`}
                    value={languages.mapping[value] ?? language ?? ""}
                    onChange={(e) =>
                      onLanguages({ ...languages, mapping: { ...languages.mapping, [value]: e.target.value } })
                    }
                  >
                    {choices.map((choice) => (
                      <option key={choice.code} value={choice.code}>
                        {choice.label}
                      </option>
                    ))}
                  </Select>
                </Td>
              </Tr>
            ))}
          </Table>
          {shown.valuesOther > 0 ? (
            <p className="text-sm text-slate-600">
              And {formatCount(shown.valuesOther)} recipient(s) with rarer values: a language&apos;s code or name gets
              its text, anything else the default.
            </p>
          ) : null}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={languages.confirmed === key}
              disabled={plan.pending}
              onChange={(e) => onLanguages({ ...languages, confirmed: e.target.checked ? key : "" })}
            />
            <span>I have checked which text each value gets.</span>
          </label>
        </>
      ) : null}
    </div>
  );
}
