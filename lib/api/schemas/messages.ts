// POST /api/v1/messages: one SMS or voice message to one number — a batch of one, through the same service.
import { z } from "zod";
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
