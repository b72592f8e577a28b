// Compose's texts in other languages (issue 39, docs/languages.md): the variants being written, the list's column
// holding each recipient's language, the operator's reading of that column's values, and whether they have confirmed
// it. Pure: the state's shape (kept in the draft, compose-draft.ts), what is asked of the planner
// (use-language-plan.ts), what the form submits, and the list's plan as the planner card and the review show it once
// each recipient gets their own language's text.
import type { ListPlan } from "@/lib/batches/plan-list";
import type { LanguagesPlan } from "@/lib/batches/plan-languages";
import { KNOWN_LANGUAGES, languageLabel, matchLanguage } from "@/lib/languages/known-languages";
import { smsEncoding, smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";
import type { LanguageVariant } from "@/lib/compose/language-variants";
import type { AccountLanguages } from "./voice-language-field";

export type VariantDraft = { language: string; text: string; voiceLanguage: string };

export type Languages = {
  variants: VariantDraft[];
  /** The list column holding each recipient's language ("" until chosen). */
  column: string;
  /** The operator's reading of a value where it differs from the lenient match: value → a variant's code, or "". */
  mapping: Record<string, string>;
  /** The mapping the operator confirmed (confirmationKey): a changed mapping must be confirmed again. */
  confirmed: string;
};

export const noLanguages: Languages = { variants: [], column: "", mapping: {}, confirmed: "" };

/** Whether the batch is sent in several languages: variants, to a saved list (pasted numbers all get the default). */
export const inLanguages = (languages: Languages, source: "numbers" | "list") =>
  source === "list" && languages.variants.length > 0;

/** A column whose name says it holds a language ("language", "Lugha", "preferred_lang"), or "". */
export function guessLanguageColumn(columns: readonly string[]): string {
  return columns.find((column) => /lang|lugha/i.test(column)) ?? "";
}

/** Languages not yet given a text, for "Add a language". */
export function languagesLeft(variants: readonly VariantDraft[]): { code: string; name: string }[] {
  const used = new Set(variants.map((v) => v.language));
  return KNOWN_LANGUAGES.filter((language) => !used.has(language.code));
}

/** A voice variant's value of the account's language field: one naming the same language, else the first. */
export function voiceValueFor(code: string, values: readonly string[]): string {
  return values.find((value) => matchLanguage(value) === code) ?? values[0] ?? "";
}

/**
 * The voice language a variant is read and sent in: its own when the account allows it, else the account's value
 * naming the variant's language (a template's variant may have been saved with another account's values, and the
 * account may change after a language is added). What Listen reads with is what is submitted.
 */
export function voiceLanguageOf(variant: VariantDraft, languages: AccountLanguages): string {
  return languages.values.includes(variant.voiceLanguage)
    ? variant.voiceLanguage
    : voiceValueFor(variant.language, languages.values);
}

/** A template's variants as Compose's (the operator still picks the column, or keeps the one found, and confirms). */
export function templateLanguages(variants: readonly LanguageVariant[], column: string): Languages {
  return {
    variants: variants.map((v) => ({ language: v.language, text: v.text, voiceLanguage: v.voiceLanguage ?? "" })),
    column: variants.length ? column : "",
    mapping: {},
    confirmed: "",
  };
}

/** What the operator confirms: the list, the column, the languages with a text, and every value's reading. */
export function confirmationKey(listId: string, languages: Languages): string {
  const codes = languages.variants.map((v) => v.language).sort();
  const mapping = Object.entries(languages.mapping).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([listId, languages.column, codes, mapping]);
}

/**
 * The variants as the server reads them (lib/compose/language-variants.ts): a voice language only for voice, and only
 * where there are values to choose from (the account's, or on the templates page all accounts'), as shown.
 */
export function submittedVariants(
  variants: readonly VariantDraft[],
  kind: "SMS" | "VOICE",
  languages: AccountLanguages | undefined,
) {
  return variants.map((v) => {
    const voiceLanguage = kind === "VOICE" && languages ? voiceLanguageOf(v, languages) : "";
    return { language: v.language, text: v.text, ...(voiceLanguage ? { voiceLanguage } : {}) };
  });
}

/** What the duplicate-send guard is asked for a list in languages (use-duplicates.ts); null for one text. */
export function duplicatesLanguages(multilingual: boolean, languages: Languages, kind: "SMS" | "VOICE") {
  if (!multilingual) return null;
  return {
    variants: submittedVariants(languages.variants, kind, undefined).map(({ language, text }) => ({ language, text })),
    languageColumn: languages.column,
    languageMapping: languages.mapping,
  };
}

/**
 * The list's plan with each recipient's own language: the units the language pass counted (each recipient's own
 * text), the first recipients of each language as the preview, and no single-text segment spread (the table per
 * language says each language's). Null until the language pass has answered for what is typed now. `resent`: the
 * recipients the guard found sent their own language's text recently (use-duplicates.ts), left out unless included
 * (plan-figures.ts) at the average units of a recipient — the single text's figures do not apply.
 */
export function planInLanguages(
  plan: ListPlan | null,
  languages: LanguagesPlan | null,
  kind: "SMS" | "VOICE",
  resent = 0,
): ListPlan | null {
  if (!plan || !languages) return null;
  const perRecipient = languages.recipients > 0 ? languages.units / languages.recipients : 0;
  return {
    ...plan,
    units: languages.units,
    segments: {},
    recentlySent: { recipients: resent, units: Math.round(perRecipient * resent), segments: {} },
    previews: languages.previews.map((preview) => ({
      row: preview.row,
      phone: preview.phone,
      text: preview.text,
      characters: preview.text.length,
      encoding: smsEncoding(preview.text),
      segments: kind === "SMS" ? smsSegments(preview.text) : 1,
      ucs2: ucs2Characters(preview.text),
      language: languageLabel(preview.language),
    })),
  };
}

/** Why a batch in languages cannot be reviewed yet, or null: the planner's refusal, no column, an unconfirmed mapping. */
export function languagesProblem(listId: string, languages: Languages, planError: Error | null): string | null {
  if (planError) return planError.message;
  if (!languages.column) return "Choose the list's column that holds each recipient's language (Other languages).";
  if (languages.confirmed !== confirmationKey(listId, languages))
    return `Check which text each value of “${languages.column}” gets, and confirm it (Other languages).`;
  return null;
}

/** What the review adds for a batch in languages: the plan per language and each language's text. */
export function reviewLanguages(multilingual: boolean, languages: Languages, plan: LanguagesPlan | null) {
  if (!multilingual) return { languages: null, variantTexts: [] };
  return {
    languages: plan?.plans ?? null,
    variantTexts: languages.variants.map((v) => ({ label: languageLabel(v.language), text: v.text.trim() })),
  };
}
