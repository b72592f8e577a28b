// POST /api/v1/batches and the batch operations: schemas shared by the route handlers and the OpenAPI document.
// Bodies are strict: a field the API does not know is refused with its name (a typo `sheduledAt` must not send at
// once), as the gate refuses unknown query parameters (lib/api/api-route.ts).
import { z } from "zod";
import { BATCH_KINDS } from "@/lib/batches/list-batches";
import { languageFilterSchema } from "@/lib/batches/language-filter";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { resendScopeSchema } from "@/lib/batches/resend-scope";
import { messageFilterSchema } from "@/lib/states/states";
import { cursorParam, optionalParam, uuidParam } from "@/lib/http/params";
import { MAX_PASTED_NUMBERS } from "@/lib/recipients/split-numbers";
import { batchCursor } from "../batch-cursor";
import { cursorDescription, limitParam } from "../resources/common";
import { BATCH_STATES } from "../resources/batch";
import { metadataSchema, referenceSchema } from "./reference";
import { apiSettingsFields, EXAMPLE_PHONE } from "./settings";
import { batchSettingsFields } from "@/lib/batches/batch-settings";
import { formatCount } from "@/lib/numbers/format";

const recipient = z.union([
  z.string().max(40).meta({ description: "A number, any Kenyan form.", example: EXAMPLE_PHONE }),
  z.strictObject({
    phone: z.string().max(40).meta({ description: "A number, any Kenyan form.", example: EXAMPLE_PHONE }),
    fields: z
      .record(z.string().max(100), z.string().max(2_000))
      .optional()
      .meta({
        description: "Values for the template's {{placeholders}}, by name (case and spaces ignored).",
        example: { name: "Amina" },
      }),
    reference: referenceSchema.optional(),
    metadata: metadataSchema.optional(),
    // Matched (and an unknown one refused with its path) by lib/api/personalise.ts, as the number is.
    language: z.string().max(100).optional().meta({
      description:
        "The recipient's language, a code or name (sw, Kiswahili, en, English; any case): sent the variant in that language, or the default text when the batch has none. A value that names no language is refused (unknown_language).",
      example: "sw",
    }),
  }),
]);

export const createBatchBodySchema = z
  .strictObject({
    ...apiSettingsFields,
    variants: batchSettingsFields.variants.meta({
      description:
        "Texts in other languages beside templateText (the default): [{language, text, voiceLanguage?, escalationText?}], at most 10, each language once (a code or name: sw, Kiswahili). Each recipient whose `language` names one is sent its text, with its own {{placeholders}}; for voice, voiceLanguage is the account's language value it is read in (the variant's own code when absent and allowed); escalationText is that language's call script.",
      example: [{ language: "sw", text: "Habari {{name}}, tutaonana kesho saa tatu asubuhi." }],
    }),
    recipients: z
      .array(recipient)
      .min(1, "Add at least one number.")
      .max(MAX_PASTED_NUMBERS, `At most ${formatCount(MAX_PASTED_NUMBERS)} numbers; upload a list for more.`)
      .optional()
      .meta({
        description:
          "Numbers (any Kenyan form), or {phone, fields, reference, metadata, language} for personalised messages with your own reference, each in its language. The same number twice is two messages when their texts (after personalisation), references or metadata differ; identical ones are sent once (the answer's `merged` says which).",
      }),
    listId: uuidParam.optional().meta({ description: "A saved list (POST /api/v1/lists) instead of recipients." }),
    languageColumn: z.string().max(200).optional().meta({
      description:
        "With listId and variants: the list's column holding each recipient's language. Its values are matched leniently (sw, SW, Kiswahili, Swahili are one); a value naming no language with a variant gets the default text, and is counted in the batch's audit event.",
      example: "language",
    }),
    languageMapping: z
      .record(z.string().max(100), z.string().max(100))
      .refine((mapping) => Object.keys(mapping).length <= 1_000, "At most 1,000 values in languageMapping.")
      .optional()
      .meta({
        description:
          'With languageColumn: how to read some of its values, value → language (a code or name), or "default" for the default text. Values not named are matched leniently.',
        example: { Kisw: "sw", Other: "default" },
      }),
    fieldDefaults: z
      .record(z.string().max(100), z.string().trim().min(1, "A default value cannot be blank.").max(2_000))
      .optional()
      .meta({
        description:
          "Values for {{placeholders}} a recipient has no (or a blank) field for. Without one, such a recipient is refused (400, its path and the field), never sent with a blank.",
        example: { time: "the usual time" },
      }),
  })
  .refine((body) => (body.recipients === undefined) !== (body.listId === undefined), {
    message: "Give either recipients or listId, not both.",
    path: ["recipients"],
  })
  .refine((body) => body.listId !== undefined || (body.languageColumn ?? body.languageMapping) === undefined, {
    message:
      "languageColumn and languageMapping are for a batch from a list (listId); give each recipient its language.",
    path: ["languageColumn"],
  })
  .meta({ id: "CreateBatch" });

/** Works as it is against a fresh `npm start`: the default (sandbox) account and its sender. */
export const CREATE_BATCH_EXAMPLE = {
  name: "Appointment reminders",
  templateText: "Hello {{name}}, see you tomorrow at 9:00.",
  recipients: [
    { phone: EXAMPLE_PHONE, fields: { name: "Amina" }, reference: "appt-0042", metadata: { patientId: "P-1043" } },
    { phone: "0712345679", fields: { name: "Baraka" }, reference: "appt-0043" },
  ],
};

export const batchIdParams = z.object({ id: uuidParam.meta({ description: "The batch's id." }) });

/** One language's recipients (docs/api.md "Languages"): unknown_language for a code Tuma does not know. */
const languageParam = optionalParam(languageFilterSchema).meta({
  type: "string",
  description:
    "Only the recipients sent this language's variant (its code: sw, en, …), or `default`: those sent the default text. A code Tuma does not know is refused (unknown_language); a language the batch has no variant in finds nobody.",
  example: "sw",
});

export const messagesQuery = z.object({
  filter: optionalParam(messageFilterSchema).meta({ description: "A message state, or NO_RECEIPT." }),
  q: optionalParam(recipientSearchSchema).meta({ description: "A phone number (or its end) or a message id." }),
  language: languageParam,
  limit: limitParam,
  cursor: cursorParam.optional().meta({ description: cursorDescription }),
});

const createdAtParam = (description: string) =>
  optionalParam(z.iso.datetime({ offset: true, error: "A time with its zone, such as 2026-12-01T09:00:00+03:00." }))
    .transform((value) => (value === undefined ? undefined : new Date(value)))
    .meta({ type: "string", format: "date-time", description });

export const listBatchesQuery = z.object({
  state: optionalParam(z.enum(BATCH_STATES, { error: `The state is one of ${BATCH_STATES.join(", ")}.` })).meta({
    description: "Only batches in this state.",
  }),
  kind: optionalParam(z.enum(BATCH_KINDS, { error: "The kind is SMS or VOICE." })).meta({
    description: "Only SMS or only VOICE batches.",
  }),
  createdFrom: createdAtParam("Only batches created at or after this instant."),
  createdBefore: createdAtParam("Only batches created before this instant."),
  limit: limitParam,
  cursor: optionalParam(batchCursor).meta({ type: "string", description: cursorDescription }),
});

export const exportQuery = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
  language: languageParam,
});

export const resendBodySchema = resendScopeSchema.strict().meta({ id: "Resend" });
export const RESEND_EXAMPLE = { unknown: true, temporary: true, permanent: true, noReceipt: true };
