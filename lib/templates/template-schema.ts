// A saved message body, as the Templates form sends it and as the server checks it: one schema for both.
import { z } from "zod";
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";

export const templateSchema = z
  .object({
    name: z.string().trim().min(1, "Give the template a name.").max(100, "At most 100 characters."),
    kind: z.enum(["SMS", "VOICE"], { error: "Choose SMS or voice." }),
    body: z
      .string()
      .trim()
      .min(1, "Write the message.")
      .refine(
        (text) => !text.includes("\0"),
        "The message contains a NUL character (\\0), which no phone can show: remove it.",
      ),
  })
  .superRefine((input, ctx) => {
    const max = input.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
    if (input.body.length > max)
      ctx.addIssue({ code: "custom", path: ["body"], message: `At most ${max} characters.` });
  });

export type TemplateInput = z.output<typeof templateSchema>;
