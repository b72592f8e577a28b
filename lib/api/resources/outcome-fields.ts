// The fields a message's resource and its events share about its outcome (issue 35 item 1, docs/escalation.md
// "Outcomes"): the caller's reference and metadata, the recipient's language, the escalation call's state, and whether — and by which channel — the recipient
// was reached (an SMS delivered, a voice message answered, or an SMS's escalation call answered). One definition, so
// the Message resource and the message events describe them alike.
import { z } from "zod";
import type { MessageState } from "@/lib/generated/prisma/enums";
import { textOrNull } from "./common";

/** The shared fields, in the order the Message resource and the message events both give them. */
export const outcomeFields = {
  reference: textOrNull(
    "Your reference for this recipient, as given when sending; null when none was given.",
    "appt-20261201-0042",
  ),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .nullable()
    .meta({
      description: "Your metadata for this recipient, as given when sending; null when none was given.",
      example: { patientId: "P-1043" },
    }),
  language: z.string().nullable().meta({
    description:
      "The language whose variant this recipient was sent (a code: sw, en, …; the batch's `variants`); null: the default text.",
    example: "sw",
  }),
  callState: z.enum(["PENDING", "QUEUED", "ANSWERED", "FAILED", "REJECTED", "UNKNOWN", "CANCELLED"]).nullable().meta({
    description:
      "For an SMS followed by a call (escalation): the call's state (ANSWERED: reached by call); null when not called.",
    example: null,
  }),
  reached: z.boolean().meta({
    description:
      "Whether the recipient was reached: the SMS delivered, the voice message answered, or the SMS's call answered.",
    example: true,
  }),
  reachedBy: z
    .enum(["sms", "call"])
    .nullable()
    .meta({ description: "How the recipient was reached; null when not (yet) reached.", example: "sms" }),
};

export type CallState = z.infer<typeof outcomeFields.callState>;

/** Reached and by which channel, as the console counts it (lib/batches/counters-snapshot.ts). */
export function reachOf(
  state: MessageState,
  callState: MessageState | null,
): {
  reached: boolean;
  reachedBy: "sms" | "call" | null;
} {
  if (state === "DELIVERED") return { reached: true, reachedBy: "sms" };
  if (state === "ANSWERED" || callState === "ANSWERED") return { reached: true, reachedBy: "call" };
  return { reached: false, reachedBy: null };
}

/** A call's state as the resource gives it (a call is never DELIVERED or SUPPRESSED; those read as not called). */
export function callStateOf(callState: MessageState | null): CallState {
  return callState === "DELIVERED" || callState === "SUPPRESSED" ? null : callState;
}
