// Compose's form, as its action receives it: the batch settings plus the numbers as typed or pasted.
import { z } from "zod";
import { MAX_PASTED_NUMBERS, splitNumbers } from "@/lib/recipients/split-numbers";
import { batchSettingsFields, checkBatchSettings } from "./batch-settings";
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

/** Compose's form when the recipients are a saved list: the settings and the list's id. */
export const composeListSchema = z
  .object({ ...batchSettingsFields, listId: z.uuid("Choose a saved list.") })
  .superRefine(checkBatchSettings);

/** The planner's question: this template, for this list, through this account. */
export const planQuerySchema = z.object({
  listId: z.uuid("Choose a saved list."),
  accountId: z.uuid("Choose a provider account."),
  kind: z.enum(["SMS", "VOICE"]),
  templateText: z.string().max(20_000),
});

/**
 * The duplicate-send guard's question (duplicate-guard.ts): who, of a saved list or of the numbers pasted (254… form),
 * was sent this text within the window; answered as JSON or as the CSV the operator downloads.
 */
export const duplicatesQuerySchema = z
  .object({
    templateText: z.string().trim().min(1, "Write the message.").max(20_000),
    listId: z.uuid("Choose a saved list.").optional(),
    phones: z
      .array(z.string().regex(/^254\d{9}$/, "Numbers in the 254… form."))
      .max(MAX_PASTED_NUMBERS, `At most ${formatCount(MAX_PASTED_NUMBERS)} numbers.`)
      .optional(),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .refine((q) => (q.listId === undefined) !== (q.phones === undefined), "Ask about a list or about numbers, not both.");
