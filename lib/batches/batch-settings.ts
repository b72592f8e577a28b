// A batch's settings as the operator gives them, checked against the provider's wire contract (the sender, originator,
// repeat and message-length limits of lib/provider/wire/schemas.ts): one set of fields used by Compose's action and by
// createBatch, so a batch the provider would refuse is refused before it is created.
import { z } from "zod";
import { checkEscalation, escalationFields, repeatField, type EscalationSettings } from "./escalation-settings";
import { blankIsUnset, messageText } from "@/lib/compose/language-variants";
import { checkVariants, variantsField, type Variant } from "./variants";
import {
  SMS_MESSAGE_MAX_CHARS,
  VOICE_MESSAGE_MAX_CHARS,
  originatorSchema,
  senderSchema,
} from "@/lib/provider/wire/schemas";

/** A "send later" time this far in the past is taken as "now" (the form took a moment to submit); older is refused. */
export const SCHEDULE_GRACE_MS = 60_000;

export const batchSettingsFields = {
  kind: z.enum(["SMS", "VOICE"], { error: "Choose SMS or voice." }),
  accountId: z.uuid("Choose a provider account."),
  name: z.string().trim().min(1, "Give the batch a name.").max(200, "At most 200 characters."),
  templateText: messageText("Write the message."),
  sender: z.preprocess(blankIsUnset, z.string().trim().pipe(senderSchema).nullish()),
  originator: z.preprocess(blankIsUnset, z.string().trim().pipe(originatorSchema).nullish()),
  voice: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .nullish(),
  ),
  repeat: repeatField,
  linkId: z.preprocess(blankIsUnset, z.string().trim().max(255).nullish()),
  // An instant: a Date, or ISO 8601 with its zone ("…Z", "…+03:00"). A time without a zone is never read in this
  // process's zone: Compose's action reads the typed local time in the organisation's zone first (lib/time/).
  scheduledAt: z.preprocess(
    blankIsUnset,
    z
      .union([z.date(), z.iso.datetime({ offset: true }).transform((text) => new Date(text))], {
        error: "Not a valid date and time.",
      })
      .nullish(),
  ),
  // A promotional batch sends only inside the organisation's window (lib/compose/promotional-window.ts).
  promotional: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()).optional(),
  // The duplicate-send guard (duplicate-guard.ts): recipients sent the same text within the window are left out
  // unless these say to include them, and why (the reason is audited).
  includeDuplicates: z
    .preprocess((value) => value === true || value === "on" || value === "true", z.boolean())
    .optional(),
  duplicateReason: z.preprocess(blankIsUnset, z.string().trim().max(500, "At most 500 characters.").nullish()),
  // The units budget (lib/units/budget-check.ts): a batch that does not fit the account's units is refused unless an
  // administrator sends it anyway, saying why (audited).
  overrideBudget: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()).optional(),
  budgetReason: z.preprocess(blankIsUnset, z.string().trim().max(500, "At most 500 characters.").nullish()),
  // A voice batch's language, one of the values its account allows (lib/accounts/voice-language.ts).
  language: z.preprocess(blankIsUnset, z.string().trim().max(50, "At most 50 characters.").nullish()),
  // The texts in other languages (variants.ts): each recipient with one of these languages is sent its text.
  variants: variantsField,
  ...escalationFields,
};

type Settings = EscalationSettings & {
  kind: "SMS" | "VOICE";
  templateText: string;
  sender?: string | null;
  originator?: string | null;
  scheduledAt?: Date | null;
  includeDuplicates?: boolean;
  duplicateReason?: string | null;
  overrideBudget?: boolean;
  budgetReason?: string | null;
  variants?: readonly Variant[] | null;
};

/** The rules that tie fields together. */
export function checkBatchSettings(input: Settings, ctx: z.RefinementCtx): void {
  const max = input.kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
  if (input.templateText.length > max)
    ctx.addIssue({ code: "custom", path: ["templateText"], message: `At most ${max} characters.` });
  if (input.kind === "SMS" && !input.sender)
    ctx.addIssue({ code: "custom", path: ["sender"], message: "An SMS needs a sender ID." });
  if (input.kind === "VOICE" && !input.originator)
    ctx.addIssue({ code: "custom", path: ["originator"], message: "A voice message needs an originator number." });
  if (input.includeDuplicates && !input.duplicateReason)
    ctx.addIssue({
      code: "custom",
      path: ["duplicateReason"],
      message: "Say why these recipients should get the same text again: the reason is kept in the audit log.",
    });
  if (input.overrideBudget && !input.budgetReason)
    ctx.addIssue({
      code: "custom",
      path: ["budgetReason"],
      message: "Say why this batch may go over the units budget: the reason is kept in the audit log.",
    });
  checkEscalation(input, ctx);
  checkVariants(input, ctx);
  if (input.scheduledAt && input.scheduledAt.getTime() < Date.now() - SCHEDULE_GRACE_MS) {
    ctx.addIssue({
      code: "custom",
      path: ["scheduledAt"],
      message: "This time has passed. Choose a later time, or leave it empty to send now.",
    });
  }
}
