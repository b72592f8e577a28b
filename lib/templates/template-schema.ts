// A saved message body, as the Templates form sends it and as the server checks it: one schema for both. Beside its
// default text, a template keeps any texts in other languages (issue 39, docs/languages.md), checked by the rules
// Compose checks a batch's with (lib/compose/language-variants.ts), so a template's variants are always sendable.
import { z } from "zod";
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";
import {
  checkLanguageVariants,
  jsonFormValue,
  languageVariantsField,
  messageText,
} from "@/lib/compose/language-variants";

export const templateSchema = z
  .object({
    name: z.string().trim().min(1, "Give the template a name.").max(100, "At most 100 characters."),
    kind: z.enum(["SMS", "VOICE"], { error: "Choose SMS or voice." }),
    body: messageText("Write the message."),
    /** The texts in other languages: JSON in one field from the form (components/templates/template-form.tsx). */
    variants: z.preprocess(jsonFormValue, languageVariantsField),
  })
  .superRefine((input, ctx) => {
    const max = input.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
    if (input.body.length > max)
      ctx.addIssue({ code: "custom", path: ["body"], message: `At most ${max} characters.` });
    checkLanguageVariants(input, ctx);
  });

export type TemplateInput = z.output<typeof templateSchema>;
