// Compose's planner for a list in several languages (issue 39, docs/languages.md): the same checks and the same pass
// over the list that create a batch in languages (create-in-languages.ts), asked before anything is created — so the
// distinct values of the language column with their counts and the language each gives (what the operator confirms),
// the figures per language (recipients, units, segments, encoding), and the first recipients of each language as they
// will receive it are what sending will do. A placeholder naming no column, or a text too long for some row, is
// refused here with the field named, exactly as sending would refuse it.
import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import type { languagePlanQuerySchema } from "./compose-schema";
import type { SavedList } from "@/lib/lists/find-lists";
import { listLanguages, passOverList, type LanguageSource, type ListLanguagePass } from "./list-languages";
import { loadList, unknownPlaceholders } from "./plan-list";
import type { Variant } from "./variants";

export type LanguagesPlanInput = z.output<typeof languagePlanQuerySchema>;
export type LanguagesPlan = Omit<ListLanguagePass, "unmapped" | "unmappedOther">;

export async function planLanguages(input: LanguagesPlanInput, signal?: AbortSignal): Promise<LanguagesPlan> {
  const list = await loadList(input.listId);
  const languages = checkedLanguages(list, input, input.templateText, input.variants);
  const {
    unmapped: _unmapped,
    unmappedOther: _other,
    ...pass
  } = await passOverList(list.id, input.kind, input.templateText, input.variants, languages, signal);
  return pass;
}

/** The column and mapping read against the list, and every text's placeholders checked against its columns. */
export function checkedLanguages(
  list: SavedList,
  source: LanguageSource,
  templateText: string,
  variants: readonly Variant[],
): ReturnType<typeof listLanguages> {
  const languages = listLanguages(
    list.columns,
    { languageColumn: source.languageColumn, languageMapping: source.languageMapping },
    templateText,
    variants,
  );
  const [defaultText, ...variantTexts] = [...languages.compiled.values()];
  const unknown = unknownPlaceholders(defaultText!, list);
  if (unknown) throw unknown;
  variantTexts.forEach((compiled, i) => {
    const refusal = unknownPlaceholders(compiled, list);
    if (refusal) throw new AppError("INVALID_INPUT", refusal.message, { [`variants.${i}.text`]: [refusal.message] });
  });
  return languages;
}
