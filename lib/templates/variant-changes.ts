// What a template's save did to its texts in other languages, for its audit event (template.create, template.update):
// the languages added, those whose text or voice language changed, and those removed, by code. The texts themselves
// stay out of the log: the template holds them, and the log says which changed and who changed them.
import { z } from "zod";
import { languageVariantSchema, type LanguageVariant } from "@/lib/compose/language-variants";

export type VariantChanges = { added: string[]; changed: string[]; removed: string[] };

/** The variants as stored (written only through template-schema.ts); anything else reads as none. */
export function storedVariants(value: unknown): LanguageVariant[] {
  const parsed = z.array(languageVariantSchema).safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

export function variantChanges(before: readonly LanguageVariant[], after: readonly LanguageVariant[]): VariantChanges {
  const was = new Map(before.map((v) => [v.language, v]));
  const now = new Set(after.map((v) => v.language));
  return {
    added: after.filter((v) => !was.has(v.language)).map((v) => v.language),
    changed: after
      .filter((v) => {
        const old = was.get(v.language);
        return old !== undefined && (old.text !== v.text || (old.voiceLanguage ?? null) !== (v.voiceLanguage ?? null));
      })
      .map((v) => v.language),
    removed: before.filter((v) => !now.has(v.language)).map((v) => v.language),
  };
}
