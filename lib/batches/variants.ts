// A batch's texts in other languages (issue 39): beside its default text (templateText), one variant per language,
// each with its own {{placeholders}}, length and encoding, and — for voice — its own voice language from the
// account's allowed values (docs/voice-language.md). A recipient whose language has a variant is sent that variant
// (stored as their own text, Message.text, with Message.language); anyone else, the default. Stored whole on the batch
// (Batch.variants, a JSON array: migration language_variants says why not a table). Safe in the browser.
import { z } from "zod";
import { matchLanguage } from "@/lib/languages/known-languages";
import { escalationScript } from "./escalation-settings";
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";

/** At most this many languages beside the default. */
export const MAX_VARIANTS = 10;

export type Variant = {
  /** The language's code (lib/languages/known-languages.ts), whatever spelling the caller used. */
  language: string;
  text: string;
  /** A voice variant's value of the account's language field; null: the variant's own code, if the account has it. */
  voiceLanguage?: string | null | undefined;
  /** An escalating SMS batch's call script in this language; null: the recipient's own SMS text. */
  escalationText?: string | null | undefined;
};

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);

/** A language as a code, or an issue naming the value: the API answers it with the field code unknown_language. */
export const languageCodeSchema = z
  .string()
  .max(100, "At most 100 characters.")
  .transform((value, ctx) => {
    const code = matchLanguage(value);
    if (code) return code;
    ctx.addIssue({
      code: "custom",
      message: `“${value.slice(0, 40)}” is not a language Tuma knows: give its code (sw, en, …) or its name (Kiswahili, English).`,
      params: { fieldCode: "unknown_language" },
    });
    return z.NEVER;
  });

export const variantSchema = z.object({
  language: languageCodeSchema,
  text: z
    .string()
    .trim()
    .min(1, "Write this language's message.")
    .refine(
      (text) => !text.includes("\0"),
      "The message contains a NUL character (\\0), which no phone can show: remove it.",
    ),
  voiceLanguage: z.preprocess(blankIsUnset, z.string().trim().max(50, "At most 50 characters.").nullish()),
  escalationText: escalationScript,
});

export const variantsField = z
  .array(variantSchema)
  .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} languages beside the default.`)
  .optional();

/** The rules across variants and the batch: each language once, each text within its kind's limit. */
export function checkVariants(
  input: {
    kind: "SMS" | "VOICE";
    variants?: readonly Variant[] | null | undefined;
    escalateAfterMinutes?: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  const max = input.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
  const seen = new Set<string>();
  (input.variants ?? []).forEach((variant, i) => {
    if (seen.has(variant.language))
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "language"],
        message: `“${variant.language}” has a text already: give each language once.`,
      });
    seen.add(variant.language);
    if (variant.text.length > max)
      ctx.addIssue({ code: "custom", path: ["variants", i, "text"], message: `At most ${max} characters.` });
    if (input.kind === "SMS" && variant.voiceLanguage)
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "voiceLanguage"],
        message: "A voice language is for voice batches only.",
      });
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
