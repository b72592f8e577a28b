// The Message resource of /api/v1: one recipient's message — its text, state and the provider's answer — mapped in
// one place (toMessageResource) from a batch's page of recipients or a message's detail; never the dispatch chunk
// (claimedAt, attempts) or the request we built for the provider (docs/api.md, "Resources").
import { z } from "zod";
import type { MessageRow } from "@/lib/batches/list-messages";
import type { MessageReceipt } from "@/lib/messages/get-message";
import { MESSAGE_STATES } from "@/lib/states/states";
import { atOrNull, at, iso, textOrNull, intOrNull } from "./common";
import { callStateOf, outcomeFields, reachOf } from "./outcome-fields";

export const messageResourceSchema = z
  .object({
    id: z
      .string()
      .regex(/^\d{1,19}$/)
      .meta({
        description: "The message's id, digits (also the correlator the provider echoes).",
        example: "4294967297",
      }),
    batchId: z.uuid().meta({ description: "Its batch.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    phone: z.string().meta({ description: "The number, in international form without +.", example: "254712345678" }),
    text: z.string().meta({
      description: "The text sent (personalised when the template has placeholders).",
      example: "Hello Amina, see you tomorrow at 9:00.",
    }),
    personalised: z
      .boolean()
      .meta({ description: "Whether `text` was filled from this recipient's fields.", example: true }),
    state: z.enum(MESSAGE_STATES).meta({
      description:
        "PENDING (not yet sent), QUEUED (accepted, no final receipt yet), DELIVERED, ANSWERED (voice), FAILED, REJECTED (refused by the provider), UNKNOWN (the provider's answer was lost), CANCELLED or SUPPRESSED (opted out).",
      example: "DELIVERED",
    }),
    deliveryStatus: textOrNull(
      "The provider's last delivery status, as it sent it; null before a receipt.",
      "DeliveredToTerminal",
    ),
    providerMessageId: textOrNull(
      "The provider's id for the message (its uniqueId); null before it answered.",
      "sbx-1f2e3d",
    ),
    operator: textOrNull("The mobile network, when the provider said.", "Safaricom"),
    smsUnits: intOrNull("SMS units charged; null for voice or before an answer.", 1),
    error: textOrNull("Why it was refused or failed, as a sentence or the provider's words; null otherwise.", null),
    submittedAt: atOrNull("When it was handed to the provider; null before."),
    receiptAt: atOrNull("When its last receipt said its state; null before."),
    ...outcomeFields,
  })
  .meta({ id: "Message", description: "One recipient's message." });

export type MessageResource = z.infer<typeof messageResourceSchema>;

export const receiptResourceSchema = z
  .object({
    deliveryStatus: z
      .string()
      .meta({ description: "The provider's status, as it sent it.", example: "DeliveredToTerminal" }),
    deliveryTime: textOrNull(
      "The provider's own time text (its zone), as sent; null when absent.",
      "2026-12-01 09:00:03",
    ),
    receivedAt: at("When Tuma received it."),
    applied: z
      .boolean()
      .meta({ description: "Whether it changed (or confirmed) this message's state.", example: true }),
  })
  .meta({ id: "Receipt", description: "A delivery receipt the provider sent for a message." });

export const messageWithReceiptsSchema = messageResourceSchema
  .extend({
    receipts: z.array(receiptResourceSchema).meta({ description: "Every receipt for it, in the order received." }),
  })
  .meta({ id: "MessageWithReceipts", description: "One recipient's message with its receipts." });

export type MessageWithReceipts = z.infer<typeof messageWithReceiptsSchema>;

/** What the mapping reads: a message as a batch's page or its detail has it, with its batch's template. */
export type MessageSource = Omit<MessageRow, "cells" | "metadata"> & {
  batchId: string;
  templateText: string;
  metadata: unknown;
};

export function toMessageResource(m: MessageSource): MessageResource {
  return {
    id: m.id,
    batchId: m.batchId,
    phone: m.phone,
    text: m.text ?? m.templateText,
    personalised: m.text !== null,
    state: m.state,
    deliveryStatus: m.deliveryStatus,
    providerMessageId: m.providerUniqueId,
    operator: m.operator,
    smsUnits: m.smsUnits,
    error: m.lastError,
    submittedAt: iso(m.submittedAt),
    receiptAt: iso(m.receiptAt),
    reference: m.reference,
    metadata: storedMetadata(m.metadata),
    language: m.language,
    callState: callStateOf(m.callState),
    ...reachOf(m.state, m.callState),
  };
}

/** Metadata as stored (jsonb, written only from the API's checked schema); anything else reads as none. */
function storedMetadata(value: unknown): Record<string, string | number | boolean> | null {
  const parsed = outcomeFields.metadata.safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}

export type ReceiptSource = Pick<MessageReceipt, "deliveryStatus" | "deliveryTime" | "receivedAt" | "matched">;

export function toMessageWithReceipts(m: MessageSource, receipts: readonly ReceiptSource[]): MessageWithReceipts {
  return {
    ...toMessageResource(m),
    receipts: receipts.map((r) => ({
      deliveryStatus: r.deliveryStatus,
      deliveryTime: r.deliveryTime,
      receivedAt: r.receivedAt.toISOString(),
      applied: r.matched,
    })),
  };
}
