// Compose's form, as its action receives it: the batch settings plus the numbers as typed or pasted.
import { z } from "zod";
import { MAX_PASTED_NUMBERS, splitNumbers } from "@/lib/recipients/split-numbers";
import { blankIsUnset } from "@/lib/compose/language-variants";
import { batchSettingsFields, checkBatchSettings } from "./batch-settings";
import { jsonFormValue as jsonField } from "@/lib/compose/language-variants";
import { variantsField } from "./variants";
import { formatCount } from "@/lib/numbers/format";

export const composeSchema = z
  .object({
    ...batchSettingsFields,
    recipients: z
      .string()
      .transform(splitNumbers)
      .pipe(
        z
          .array(z.string())
          .min(1, "Add at least one number.")
          .max(
            MAX_PASTED_NUMBERS,
            `At most ${formatCount(MAX_PASTED_NUMBERS)} numbers can be pasted; upload a file for more.`,
          ),
      ),
  })
  .superRefine(checkBatchSettings);

/** Where each recipient's language is (docs/languages.md): a list column, and the operator's reading of its values. */
const languageSourceFields = {
  languageColumn: z.preprocess(blankIsUnset, z.string().trim().max(200).optional()),
  languageMapping: z.preprocess(
    jsonField,
    z
      .record(z.string().max(100), z.string().max(100))
      .refine((m) => Object.keys(m).length <= 1_000, "Too many values.")
      .optional(),
  ),
};

/** Compose's form when the recipients are a saved list: the settings, the list's id, and its texts per language. */
export const composeListSchema = z
  .object({
    ...batchSettingsFields,
    listId: z.uuid("Choose a saved list."),
    variants: z.preprocess(jsonField, variantsField),
    ...languageSourceFields,
  })
  .superRefine(checkBatchSettings)
  .superRefine((input, ctx) => {
    if ((input.variants?.length ?? 0) > 0 && !input.languageColumn)
      ctx.addIssue({
        code: "custom",
        path: ["languageColumn"],
        message: "Choose the list's column that holds each recipient's language.",
      });
  });

/** The planner's question: this template, for this list, through this account. */
export const planQuerySchema = z.object({
  listId: z.uuid("Choose a saved list."),
  accountId: z.uuid("Choose a provider account."),
  kind: z.enum(["SMS", "VOICE"]),
  templateText: z.string().max(20_000),
});

/** The planner's question for a list in several languages (plan-languages.ts): the texts, the column, the mapping. */
export const languagePlanQuerySchema = z.object({
  listId: z.uuid("Choose a saved list."),
  kind: z.enum(["SMS", "VOICE"]),
  templateText: z.string().max(20_000),
  variants: variantsField.unwrap().min(1, "Add a language."),
  languageColumn: z.string().trim().min(1, "Choose the list's column that holds each recipient's language.").max(200),
  languageMapping: languageSourceFields.languageMapping,
});

/**
 * The duplicate-send guard's question (duplicate-guard.ts): who, of a saved list or of the numbers pasted (254… form),
 * was sent this text within the window; answered as JSON or as the CSV the operator downloads. A list in several
 * languages adds its variants, column and mapping: each row is compared on its own language's text
 * (list-duplicates-in-languages.ts).
 */
export const duplicatesQuerySchema = z
  .object({
    templateText: z.string().trim().min(1, "Write the message.").max(20_000),
    listId: z.uuid("Choose a saved list.").optional(),
    phones: z
      .array(z.string().regex(/^254\d{9}$/, "Numbers in the 254… form."))
      .max(MAX_PASTED_NUMBERS, `At most ${formatCount(MAX_PASTED_NUMBERS)} numbers.`)
      .optional(),
    variants: variantsField,
    languageColumn: languageSourceFields.languageColumn,
    languageMapping: languageSourceFields.languageMapping,
    format: z.enum(["json", "csv"]).default("json"),
  })
  .refine((q) => (q.listId === undefined) !== (q.phones === undefined), "Ask about a list or about numbers, not both.")
  .refine(
    (q) => !q.variants?.length || (q.listId !== undefined && q.languageColumn !== undefined),
    "Texts in other languages go to a saved list, with the column that holds each recipient's language.",
  );
