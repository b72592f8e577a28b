// POST /api/v1/messages: one SMS or voice message to one number — a batch of one, through the same service.
import { z } from "zod";
import { cursorParam } from "@/lib/http/params";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { cursorDescription, limitParam } from "../resources/common";
import { apiSettingsFields, EXAMPLE_PHONE } from "./settings";

export const sendMessageSchema = z
  .strictObject({
    ...apiSettingsFields,
    to: z.string().trim().min(1, "Give the number to send to.").max(40).meta({ example: EXAMPLE_PHONE }),
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

/** GET /api/v1/messages?phone=: one number's messages across every batch, newest first (issue 38). */
export const phoneMessagesQuery = z.object({
  phone: z
    .string({ error: "Give the number whose messages you want (phone=)." })
    .max(40, "A phone number is at most 40 characters.")
    .transform((value, ctx) => {
      const check = normalizePhone(value, { lenient: true });
      if (check.ok) return check.phone;
      ctx.addIssue({ code: "custom", message: check.reason });
      return z.NEVER;
    })
    .meta({
      type: "string",
      description: "The number, in any Kenyan form (0712 345 678, +254712345678, 712345678).",
      example: EXAMPLE_PHONE,
    }),
  limit: limitParam,
  cursor: cursorParam.optional().meta({ description: cursorDescription }),
});
