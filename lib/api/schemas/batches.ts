// POST /api/v1/batches and the batch operations: schemas shared by the route handlers and the OpenAPI document.
import { z } from "zod";
import { recipientSearchSchema } from "@/lib/batches/recipient-search";
import { resendScopeSchema } from "@/lib/batches/resend-scope";
import { messageFilterSchema } from "@/lib/batches/states";
import { cursorParam, optionalParam, uuidParam } from "@/lib/http/params";
import { MAX_PASTED_NUMBERS } from "@/lib/recipients/split-numbers";
import { apiSettingsFields, EXAMPLE_PHONE } from "./settings";

const recipient = z.union([
  z.string().max(40),
  z.object({
    phone: z.string().max(40),
    fields: z
      .record(z.string().max(100), z.string().max(2_000))
      .optional()
      .meta({ description: "Values for the template's {{placeholders}}, by name (case and spaces ignored)." }),
  }),
]);

export const createBatchBodySchema = z
  .object({
    ...apiSettingsFields,
    recipients: z
      .array(recipient)
      .min(1, "Add at least one number.")
      .max(MAX_PASTED_NUMBERS, `At most ${MAX_PASTED_NUMBERS.toLocaleString("en")} numbers; upload a list for more.`)
      .optional()
      .meta({ description: "Numbers (any Kenyan form), or {phone, fields} for personalised messages." }),
    listId: uuidParam.optional().meta({ description: "A saved list (POST /api/v1/lists) instead of recipients." }),
  })
  .refine((body) => (body.recipients === undefined) !== (body.listId === undefined), {
    message: "Give either recipients or listId, not both.",
    path: ["recipients"],
  })
  .meta({ id: "CreateBatch" });

/** Works as it is against a fresh `npm start`: the default (sandbox) account and its sender. */
export const CREATE_BATCH_EXAMPLE = {
  name: "Appointment reminders",
  templateText: "Hello {{name}}, see you tomorrow at 9:00.",
  recipients: [
    { phone: EXAMPLE_PHONE, fields: { name: "Amina" } },
    { phone: "0712345679", fields: { name: "Baraka" } },
  ],
};

export const batchIdParams = z.object({ id: uuidParam.meta({ description: "The batch's id." }) });

export const messagesQuery = z.object({
  filter: optionalParam(messageFilterSchema).meta({ description: "A message state, or NO_RECEIPT." }),
  q: optionalParam(recipientSearchSchema).meta({ description: "A phone number (or its end) or a correlator." }),
  after: cursorParam.optional().meta({ description: "The `next` of the previous page." }),
});

export const exportQuery = z.object({
  filter: optionalParam(messageFilterSchema),
  q: optionalParam(recipientSearchSchema),
});

export const resendBodySchema = resendScopeSchema.meta({ id: "Resend" });
export const RESEND_EXAMPLE = { unknown: true, temporary: true, permanent: true, noReceipt: true };
