// A text in another language beside a default text (issue 39, docs/languages.md): its language, its text and, for
// voice, its voice language. A batch's variants (lib/batches/variants.ts, which adds the escalation call's script) and
// a template's (lib/templates/template-schema.ts) are these, checked by the same rules, so a template's variants are
// what Compose would accept and a batch sent from one is never refused for a variant the template kept. Here, below
// both (scripts/dev/lib-layers.mjs: templates may not import batches). Safe in the browser.
import { z } from "zod";
import { matchLanguage } from "@/lib/languages/known-languages";
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";

/** At most this many languages beside the default. */
export const MAX_VARIANTS = 10;

export type LanguageVariant = {
  /** The language's code (lib/languages/known-languages.ts), whatever spelling the caller used. */
  language: string;
  text: string;
  /** A voice variant's value of the account's language field; null: the variant's own code, if the account has it. */
  voiceLanguage?: string | null | undefined;
};

/** Form fields left empty arrive as "": they mean "not given" (a batch's, a template's, a variant's). */
export const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);

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

/** A message's text, trimmed, and never empty (`empty` asks for it): a batch's, a template's, or a variant's. */
export const messageText = (empty: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .refine(
      (text) => !text.includes("\0"),
      "The message contains a NUL character (\\0), which no phone can show: remove it.",
    );

export const languageVariantSchema = z.object({
  language: languageCodeSchema,
  text: messageText("Write this language's message."),
  voiceLanguage: z.preprocess(blankIsUnset, z.string().trim().max(50, "At most 50 characters.").nullish()),
});

/** The variants' list: a template's as it is; a batch's with each variant's call script (lib/batches/variants.ts). */
export const variantsList = <T extends z.ZodType>(variant: T) =>
  z.array(variant).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} languages beside the default.`).optional();

export const languageVariantsField = variantsList(languageVariantSchema);

/** The rules across the variants and their default: each language once, each text within its kind's limit. */
export function checkLanguageVariants(
  input: { kind: "SMS" | "VOICE"; variants?: readonly LanguageVariant[] | null | undefined },
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
        message: "A voice language is for voice messages only.",
      });
  });
}

/** A form field holding JSON (the variants travel as one hidden field: Compose's and the template editor's). */
export function jsonFormValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value === "") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
