// POST /api/v1/messages: one SMS or voice message to one number — a batch of one, through the same service.
import { z } from "zod";
import { cursorParam } from "@/lib/http/params";
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

export const messagesByReferenceQuery = z.object({
  reference: z
    .string()
    .min(1, "Give the reference to find.")
    .max(REFERENCE_MAX, `A reference is at most ${REFERENCE_MAX} characters.`)
    .meta({ description: "Your reference, exactly as given when sending.", example: "appt-20261201-0042" }),
  limit: limitParam,
  cursor: cursorParam.optional().meta({ description: cursorDescription }),
});
