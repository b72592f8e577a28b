// POST /api/v1/messages: one SMS or voice message to one number — a batch of one, through the same service.
import { z } from "zod";
import { cursorParam } from "@/lib/http/params";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { cursorDescription, limitParam } from "../resources/common";
import { metadataSchema, REFERENCE_MAX, referenceSchema } from "./reference";
import { apiSettingsFields, EXAMPLE_PHONE } from "./settings";

export const sendMessageSchema = z
  .strictObject({
    ...apiSettingsFields,
    to: z.string().trim().min(1, "Give the number to send to.").max(40).meta({ example: EXAMPLE_PHONE }),
    reference: referenceSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .meta({ id: "SendMessage" });

/** Works as it is against a fresh `npm start`: the default (sandbox) account and its sender. */
export const SEND_MESSAGE_EXAMPLE = { to: EXAMPLE_PHONE, templateText: "Your code is 4711." };

export const messageParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,19}$/, "A message id is digits.")
    .meta({ description: "The message's correlator." }),
});

/**
 * GET /api/v1/messages: the messages sent with your reference (oldest first), or every message to one number across
 * batches (newest first, issue 38) — one of the two, never both, so each is one index range.
 */
export const listMessagesQuery = z
  .object({
    reference: z
      .string()
      .min(1, "Give the reference to find.")
      .max(REFERENCE_MAX, `A reference is at most ${REFERENCE_MAX} characters.`)
      .optional()
      .meta({ description: "Your reference, exactly as given when sending.", example: "appt-20261201-0042" }),
    phone: z
      .string()
      .max(40, "A phone number is at most 40 characters.")
      .transform((value, ctx) => {
        const check = normalizePhone(value, { lenient: true });
        if (check.ok) return check.phone;
        ctx.addIssue({ code: "custom", message: check.reason });
        return z.NEVER;
      })
      .optional()
      .meta({
        type: "string",
        description:
          "A number, in any Kenyan form (0712 345 678, +254712345678, 712345678): its messages, newest first.",
        example: EXAMPLE_PHONE,
      }),
    limit: limitParam,
    cursor: cursorParam.optional().meta({ description: cursorDescription }),
  })
  .refine((query) => (query.reference === undefined) !== (query.phone === undefined), {
    message: "Give either reference= or phone= (one of them, not both).",
  });
export type ListMessagesQuery = z.output<typeof listMessagesQuery>;
