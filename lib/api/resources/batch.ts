// The Batch resource of /api/v1: what an integrator may rely on about a batch — its settings, state, counts and
// plan — mapped from the domain in one place (toBatchResource), never the database row or the batch page's data (no
// author, no storing flag, no CSS tone: docs/api.md, "Resources").
import { z } from "zod";
import type { Batch } from "@/lib/generated/prisma/client";
import { BATCH_PHASE_KEYS, type BatchPhaseKey } from "@/lib/batches/phase";
import type { BatchPlan } from "@/lib/batches/batch-plan";
import { ACTIVE_BATCH_STATES, FINISHED_BATCH_STATES } from "@/lib/states/states";
import { at, atOrNull, count, iso, textOrNull, intOrNull } from "./common";

export const BATCH_STATES = [...ACTIVE_BATCH_STATES, ...FINISHED_BATCH_STATES] as const;

const figures = z
  .object({
    recipients: z.number().int().meta({ description: "Recipients.", example: 101 }),
    requests: z
      .number()
      .int()
      .meta({ description: "Requests to the provider at the account's batch size.", example: 2 }),
    seconds: z.number().meta({ description: "Seconds at the account's pace (tenths).", example: 0.1 }),
  })
  .meta({ id: "SendFigures", description: "Recipients, requests and seconds at the account's pace." });

export const batchResourceSchema = z
  .object({
    id: z.uuid().meta({ description: "The batch's id.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    kind: z.enum(["SMS", "VOICE"]).meta({ description: "SMS, or VOICE (text to speech).", example: "SMS" }),
    name: z.string().meta({ description: "What the console calls the batch.", example: "Appointment reminders" }),
    state: z.enum(BATCH_STATES).meta({
      description:
        "What sending is doing: SCHEDULED (waiting for scheduledAt), QUEUED, SENDING, PAUSED, COMPLETED (everything handed to the provider), CANCELLED or FAILED.",
      example: "SENDING",
    }),
    phase: z.enum(BATCH_PHASE_KEYS).meta({
      description:
        "Where the batch stands for its outcomes: as `state`, except that a COMPLETED batch is `waiting` while receipts are awaited and `finished` once every outcome is known or the no-receipt age has passed; `unmapped` while receipts with a status Tuma does not know hold messages (an administrator maps the status on the Receipts page).",
      example: "sending",
    }),
    pauseReason: textOrNull("Why a PAUSED batch is paused, as a sentence; null otherwise.", null),
    error: textOrNull("Why a FAILED batch failed, as a sentence; null otherwise.", null),
    accountId: z.uuid().meta({
      description: "The provider account it is sent through.",
      example: "0b7c6d5e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
    }),
    templateText: z.string().meta({
      description: "The message, {{placeholders}} as written.",
      example: "Hello {{name}}, see you tomorrow at 9:00.",
    }),
    sender: textOrNull("The SMS sender ID; null for voice.", "SANDBOX"),
    originator: textOrNull("The voice calling number; null for SMS.", null),
    voice: intOrNull("Voice 1 or 2 (voice only).", null),
    repeat: intOrNull("Times a voice message is read (voice only).", null),
    linkId: textOrNull("The provider's link_id, passed on.", null),
    language: textOrNull("A voice batch's language.", null),
    variants: z
      .array(
        z.object({
          language: z.string().meta({ description: "The language's code.", example: "sw" }),
          text: z.string().meta({ description: "The text in it, as given.", example: "Habari {{name}}." }),
          voiceLanguage: z
            .string()
            .nullable()
            .optional()
            .meta({ description: "A voice batch's value of the account's language field for it.", example: null }),
          escalationText: z
            .string()
            .nullable()
            .optional()
            .meta({ description: "The call script in it (escalation).", example: null }),
        }),
      )
      .meta({
        description:
          "The texts in other languages beside templateText (docs/api.md, Languages); empty when the batch has one text.",
      }),
    promotional: z
      .boolean()
      .meta({ description: "Sends only inside the organisation's promotional window.", example: false }),
    scheduledAt: atOrNull("When it was asked to start; null to start at once."),
    listId: z
      .uuid()
      .nullable()
      .meta({ description: "The saved list it was sent to; null for numbers given in the request.", example: null }),
    resentFrom: z
      .uuid()
      .nullable()
      .meta({ description: "The batch this one resends to; null for a first send.", example: null }),
    escalation: z
      .object({
        afterMinutes: z
          .number()
          .int()
          .meta({ description: "Minutes after sending an undelivered SMS is called.", example: 30 }),
        text: textOrNull("The call's script; null: the SMS's own text.", null),
        voice: intOrNull("The call's voice, 1 or 2.", null),
        repeat: intOrNull("Times the call's message is read.", null),
      })
      .nullable()
      .meta({ description: "SMS → voice escalation; null when none was asked for.", example: null }),
    escalatesBatchId: z.uuid().nullable().meta({
      description: "For a batch of escalation calls: the SMS batch it escalates; null otherwise.",
      example: null,
    }),
    counts: z
      .object({
        recipients: count("Recipients stored (suppressed ones included).", 2),
        pending: count("Not yet handed to the provider.", 0),
        queued: count("Accepted by the provider, no final receipt yet.", 1),
        delivered: count("Delivered (SMS).", 1),
        answered: count("Answered (voice)."),
        failed: count("Failed, for good or for now."),
        rejected: count("Refused by the provider."),
        unknown: count("The provider's answer was lost; not known whether it was sent."),
        cancelled: count("Not sent: the batch was cancelled."),
        suppressed: count("Not sent: the number opted out."),
        reached: count(
          "Recipients reached, as the console counts them: SMS delivered, voice answered, or an SMS's escalation call answered.",
          1,
        ),
        reachedByCall: count("SMS not delivered whose escalation call was answered (counted in `reached`)."),
      })
      .meta({
        description:
          "Recipients by their message's state (pending … suppressed add up to `recipients`), and how many were reached by any channel.",
      }),
    inFlight: count("Recipients in requests the provider is answering now."),
    plan: z
      .object({
        total: figures,
        left: figures,
        unitsCharged: count("SMS units the provider charged so far.", 2),
        startsAt: atOrNull("When sending starts (a SCHEDULED batch); null when it may start now or has started."),
      })
      .meta({ description: "The send at the account's pace, for the whole batch and for what is left." }),
    recipientsRemovedBefore: atOrNull(
      "Data retention removed the recipients stored before this instant (counts still count them; their messages and resend are gone); null when none were.",
    ),
    createdAt: at("When it was created."),
    startedAt: atOrNull("When sending started; null before."),
    finishedAt: atOrNull("When the last request was answered; null before."),
  })
  .meta({ id: "Batch", description: "A batch of messages with one text (or one template) to many recipients." });

export type BatchResource = z.infer<typeof batchResourceSchema>;

/** What the mapping reads: a batch as the client reads it (lib/db/client.ts), and what its page computes beside it. */
export type BatchSource = Omit<Batch, "firstMessageId"> & {
  phase: { key: BatchPhaseKey };
  plan: BatchPlan;
  inFlight: number;
  recipientsRemovedBefore: Date | null;
};

export function toBatchResource(b: BatchSource): BatchResource {
  return {
    id: b.id,
    kind: b.kind,
    name: b.name,
    state: b.state,
    phase: b.phase.key,
    pauseReason: b.state === "PAUSED" ? b.pauseReason : null,
    error: b.state === "FAILED" ? b.error : null,
    accountId: b.accountId,
    templateText: b.templateText,
    sender: b.kind === "SMS" ? b.sender : null,
    originator: b.kind === "VOICE" ? b.originator : null,
    voice: b.voice,
    repeat: b.repeat,
    linkId: b.linkId,
    language: b.language,
    variants: storedVariants(b.variants),
    promotional: b.promotional,
    scheduledAt: iso(b.scheduledAt),
    listId: b.listId,
    resentFrom: b.parentBatchId,
    escalation:
      b.escalateAfterMinutes === null
        ? null
        : {
            afterMinutes: b.escalateAfterMinutes,
            text: b.escalationText,
            voice: b.escalationVoice,
            repeat: b.escalationRepeat,
          },
    escalatesBatchId: b.escalatesBatchId,
    counts: {
      recipients: b.recipientCount,
      pending: b.pendingCount,
      queued: b.queuedCount,
      delivered: b.deliveredCount,
      answered: b.answeredCount,
      failed: b.failedCount,
      rejected: b.rejectedCount,
      unknown: b.unknownCount,
      cancelled: b.cancelledCount,
      suppressed: b.suppressedCount,
      // As the console's reachedCount (lib/batches/counters-snapshot.ts), which this safe-anywhere file cannot import.
      reached: b.deliveredCount + b.answeredCount + b.reachedByCallCount,
      reachedByCall: b.reachedByCallCount,
    },
    inFlight: b.inFlight,
    plan: {
      total: b.plan.total,
      left: b.plan.left,
      unitsCharged: b.plan.unitsCharged,
      startsAt: iso(b.plan.startsAt),
    },
    recipientsRemovedBefore: iso(b.recipientsRemovedBefore),
    createdAt: b.createdAt.toISOString(),
    startedAt: iso(b.startedAt),
    finishedAt: iso(b.finishedAt),
  };
}

/** The variants as stored (written only through lib/batches/variants.ts); anything else reads as none. */
function storedVariants(value: unknown): BatchResource["variants"] {
  const parsed = batchResourceSchema.shape.variants.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}
