// A batch's recipients in one language (issue 39, docs/languages.md "Through everything"): the recipients table, its
// export and the API's message list can show only those sent the Kiswahili variant, or only those sent the default
// text. The value is `default` or a language code exactly as Tuma stores it (Message.language): a filter is a URL's
// canonical value, so names and other spellings (which lists and requests may use) are refused here with
// unknown_language rather than guessed. A known language the batch has no variant in is no error: nobody got it, and
// the page is empty, as a state filter with no recipient in that state is. Safe in the browser.
import { z } from "zod";
import { KNOWN_LANGUAGES, languageLabel } from "@/lib/languages/known-languages";

/** The filter value that means "sent the default text" (Message.language null). */
export const DEFAULT_LANGUAGE = "default";

/** `default` or a language code (lib/languages/known-languages.ts). */
export type LanguageFilter = string;

const CODES = new Set(KNOWN_LANGUAGES.map((language) => language.code));

export const languageFilterSchema = z
  .string()
  .max(40, "At most 40 characters.")
  .transform((value, ctx): LanguageFilter => {
    if (value === DEFAULT_LANGUAGE || CODES.has(value)) return value;
    ctx.addIssue({
      code: "custom",
      message: `“${value.slice(0, 40)}” is not a language code Tuma knows: give ${DEFAULT_LANGUAGE} or one of ${[...CODES].join(", ")}.`,
      params: { fieldCode: "unknown_language" },
    });
    return z.NEVER;
  });

/** The condition on the message `m` (a literal for the default, the code as a parameter named by `param`). */
export function languageFilterSql(filter: LanguageFilter, param: (value: unknown) => string): string {
  return filter === DEFAULT_LANGUAGE ? `m.language IS NULL` : `m.language = ${param(filter)}`;
}

/** The filter's choices for a batch's stored variants (Batch.variants): none for one text, else the default first. */
export function languageChoices(variants: unknown): { value: LanguageFilter; label: string }[] {
  const codes = Array.isArray(variants)
    ? variants.flatMap((variant: unknown) => {
        const code = (variant as { language?: unknown } | null)?.language;
        return typeof code === "string" ? [code] : [];
      })
    : [];
  if (codes.length === 0) return [];
  return [
    { value: DEFAULT_LANGUAGE, label: "Default text" },
    ...codes.map((code) => ({ value: code, label: languageLabel(code) })),
  ];
}
