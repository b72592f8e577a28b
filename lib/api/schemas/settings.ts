// A batch's settings as the API takes them: the console's fields (lib/batches/batch-settings.ts, the same rules and
// sentences), with the account, sender, originator and name optional — the default account and its default sender
// or originator fill them in (lib/api/default-settings.ts) before createBatch checks the whole with the console's
// schema.
import { batchSettingsFields } from "@/lib/batches/batch-settings";

export const EXAMPLE_PHONE = "254712345678";

export const apiSettingsFields = {
  kind: batchSettingsFields.kind.default("SMS").meta({ description: "SMS or VOICE (text to speech)." }),
  accountId: batchSettingsFields.accountId
    .optional()
    .meta({ description: "The provider account; the default account when absent." }),
  name: batchSettingsFields.name.optional().meta({ description: "What the console calls the batch." }),
  templateText: batchSettingsFields.templateText.meta({
    description: "The message. {{column}} placeholders are filled from each recipient's fields (or list columns).",
    example: "Hello {{name}}, your appointment is tomorrow at 9:00.",
  }),
  sender: batchSettingsFields.sender.meta({
    type: "string",
    description: "An SMS's sender ID, one the account has set up; the account's default sender when absent.",
  }),
  originator: batchSettingsFields.originator.meta({
    type: "string",
    description: "A voice message's calling number; the account's default originator when absent.",
  }),
  voice: batchSettingsFields.voice.meta({ type: "integer", enum: [1, 2], description: "Voice 1 or 2 (voice only)." }),
  repeat: batchSettingsFields.repeat.meta({ type: "integer", description: "Times the voice message is read." }),
  linkId: batchSettingsFields.linkId.meta({ type: "string", description: "The provider's link_id, passed on." }),
  scheduledAt: batchSettingsFields.scheduledAt.meta({
    type: "string",
    format: "date-time",
    description: "Send later: an instant with its zone (2026-12-01T09:00:00+03:00). Now when absent.",
  }),
  promotional: batchSettingsFields.promotional.meta({
    type: "boolean",
    description:
      "Promotional: sends only inside the organisation's window (08:00–20:00 by default), waiting outside it.",
  }),
  overrideBudget: batchSettingsFields.overrideBudget.meta({
    type: "boolean",
    description:
      "Send even though the batch does not fit the account's recorded units (administrators only; needs budgetReason, audited).",
  }),
  budgetReason: batchSettingsFields.budgetReason.meta({
    type: "string",
    description: "Why the batch may go over the units budget: kept in the audit log.",
  }),
  language: batchSettingsFields.language.meta({
    type: "string",
    description: "A voice batch's language: one of the values its account allows (Settings → Voice language).",
  }),
  escalateAfterMinutes: batchSettingsFields.escalateAfterMinutes.meta({
    type: "integer",
    minimum: 5,
    maximum: 1440,
    description:
      "SMS → voice escalation: a recipient whose SMS is not delivered this many minutes after it was sent is called once (SMS only; none when absent).",
  }),
  escalationText: batchSettingsFields.escalationText.meta({
    type: "string",
    description: "The call's script; the SMS's own text when absent (with escalateAfterMinutes only).",
  }),
  escalationVoice: batchSettingsFields.escalationVoice.meta({
    type: "integer",
    enum: [1, 2],
    description: "The call's voice, 1 or 2 (with escalateAfterMinutes only).",
  }),
  escalationRepeat: batchSettingsFields.escalationRepeat.meta({
    type: "integer",
    description: "Times the call's message is read, 1 to 10 (with escalateAfterMinutes only).",
  }),
};
