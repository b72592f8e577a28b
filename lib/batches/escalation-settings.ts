// SMS → voice escalation as the operator asks for it (docs/escalation.md): "if not delivered within N minutes, call
// the number" — with the SMS's own text or a script of its own, a voice and a repeat count. Part of the batch settings
// (batch-settings.ts), so Compose, the API and createBatch check it with the same rules. Safe in the browser.
import { z } from "zod";
import { REPEAT_MAX, REPEAT_MIN, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";
import { formatCount } from "@/lib/numbers/format";
import { blankIsUnset } from "@/lib/compose/language-variants";

/** The shortest and longest wait before a call, in minutes: receipts often take minutes, and a day is the limit. */
export const ESCALATE_MIN_MINUTES = 5;
export const ESCALATE_MAX_MINUTES = 1_440;

const between = `Call after ${ESCALATE_MIN_MINUTES} to ${formatCount(ESCALATE_MAX_MINUTES)} minutes.`;

/** The call's script (a batch's, or a language variant's: lib/batches/variants.ts); blank is unset. */
export const escalationScript = z.preprocess(
  blankIsUnset,
  z
    .string()
    .trim()
    .max(VOICE_MESSAGE_MAX_CHARS, `At most ${VOICE_MESSAGE_MAX_CHARS} characters.`)
    .refine((text) => !text.includes("\0"), "The script contains a NUL character (\\0): remove it.")
    .nullish(),
);

/** Times a voice message is read: a voice batch's own (batch-settings.ts) and its escalation call's. */
export const repeatField = z.preprocess(
  blankIsUnset,
  z.coerce
    .number()
    .int()
    .min(REPEAT_MIN, `Repeat ${REPEAT_MIN} to ${REPEAT_MAX} times.`)
    .max(REPEAT_MAX, `Repeat ${REPEAT_MIN} to ${REPEAT_MAX} times.`)
    .nullish(),
);

export const escalationFields = {
  /** Unset: no escalation. */
  escalateAfterMinutes: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: between })
      .int("Whole minutes.")
      .min(ESCALATE_MIN_MINUTES, between)
      .max(ESCALATE_MAX_MINUTES, between)
      .nullish(),
  ),
  /** The call's script; unset: the SMS's own text. */
  escalationText: escalationScript,
  escalationVoice: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)], { error: "Choose a female (1) or male (2) voice." }))
      .nullish(),
  ),
  escalationRepeat: repeatField,
};

export type EscalationSettings = {
  kind: "SMS" | "VOICE";
  escalateAfterMinutes?: number | null;
  escalationText?: string | null;
  escalationVoice?: number | null;
  escalationRepeat?: number | null;
};

/** Escalation is an SMS batch's; the call's options mean nothing without it. */
export function checkEscalation(input: EscalationSettings, ctx: z.RefinementCtx): void {
  const set = input.escalateAfterMinutes !== null && input.escalateAfterMinutes !== undefined;
  if (set && input.kind !== "SMS")
    ctx.addIssue({
      code: "custom",
      path: ["escalateAfterMinutes"],
      message: "Only an SMS batch can be escalated to a call.",
    });
  const options = [input.escalationText, input.escalationVoice, input.escalationRepeat];
  if (!set && options.some((value) => value !== null && value !== undefined))
    ctx.addIssue({
      code: "custom",
      path: ["escalateAfterMinutes"],
      message: "Say after how many minutes to call, or leave the call's options empty.",
    });
}
