// A batch's texts in other languages (issue 39): beside its default text (templateText), one variant per language,
// each with its own {{placeholders}}, length and encoding, and — for voice — its own voice language from the
// account's allowed values (docs/voice-language.md). A recipient whose language has a variant is sent that variant
// (stored as their own text, Message.text, with Message.language); anyone else, the default. Stored whole on the batch
// (Batch.variants, a JSON array: migration language_variants says why not a table). A template keeps the same
// variants without the call script (lib/compose/language-variants.ts). Safe in the browser.
import type { z } from "zod";
import {
  checkLanguageVariants,
  languageVariantSchema,
  variantsList,
  type LanguageVariant,
} from "@/lib/compose/language-variants";
import { escalationScript } from "./escalation-settings";

export type Variant = LanguageVariant & {
  /** An escalating SMS batch's call script in this language; null: the recipient's own SMS text. */
  escalationText?: string | null | undefined;
};

/** A template's variant (lib/compose/language-variants.ts) with the call script an escalating batch may give it. */
export const variantSchema = languageVariantSchema.extend({ escalationText: escalationScript });

export const variantsField = variantsList(variantSchema);

/** The rules across variants and the batch: a template's (each language once, each text within its kind's limit), and
 *  a call script only with escalation. */
export function checkVariants(
  input: {
    kind: "SMS" | "VOICE";
    variants?: readonly Variant[] | null | undefined;
    escalateAfterMinutes?: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  checkLanguageVariants(input, ctx);
  (input.variants ?? []).forEach((variant, i) => {
    if (variant.escalationText && !input.escalateAfterMinutes)
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "escalationText"],
        message: "A call script needs escalation (escalateAfterMinutes).",
      });
  });
}

/** The variant a recipient's language (a code, or null) is sent, or null: the default text. */
export function variantOf(variants: readonly Variant[] | null | undefined, language: string | null): Variant | null {
  if (!language || !variants) return null;
  return variants.find((variant) => variant.language === language) ?? null;
}
