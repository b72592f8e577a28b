// What creating answers in /api/v1: a new batch's id and what became of the recipients given (CreatedBatch), and one
// message's ids (SentMessage), each with links to read them — mapped in one place from createBatch's answer. A batch
// of up to INLINE_MESSAGES recipients answers with each message's id and the caller's reference (docs/api.md
// "References"); a larger one is paged through its `messages` link, whatever its size.
import { formatCount } from "@/lib/numbers/format";
import { z } from "zod";
import { count, textOrNull } from "./common";
import { INLINE_MESSAGES, type CreatedBatch } from "@/lib/batches/create-batch";

const link = (description: string, example: string) => z.string().meta({ description, example });

const createdMessageSchema = z
  .object({
    id: z
      .string()
      .regex(/^\d+$/)
      .meta({ description: "The message's id (GET /messages/{id}).", example: "4294967297" }),
    index: z.number().int().min(0).nullable().meta({
      description: "Its recipient's index in the request's recipients; null for a batch from a list.",
      example: 0,
    }),
    phone: z.string().meta({ description: "The number, in international form.", example: "254712345678" }),
    reference: textOrNull("Your reference for it; null when none.", "appt-0042"),
  })
  .meta({ id: "CreatedMessage", description: "A message a request created." });

export const createdBatchSchema = z
  .object({
    id: z.uuid().meta({ description: "The new batch's id.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    recipients: count("Recipients stored, opted-out ones included.", 2),
    duplicates: count("Recipients left out because their number was given before in the request.", 0),
    suppressed: count("Recipients stored but not sent: their number opted out.", 0),
    batch: link("The batch (GET).", "/api/v1/batches/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b"),
    messages: link(
      "Its messages, a page at a time (GET), with their ids and references: every batch, whatever its size.",
      "/api/v1/batches/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b/messages",
    ),
    createdMessages: z
      .array(createdMessageSchema)
      .nullable()
      .meta({
        description: `Each message created, in id order, when the batch has at most ${formatCount(INLINE_MESSAGES)} recipients; null for a larger one (page them with \`messages\`).`,
      }),
    merged: z
      .array(
        z.object({
          index: count("The recipient left out (its index).", 3),
          into: count("The recipient it repeated (its index).", 0),
        }),
      )
      .meta({
        description:
          "Recipients of the request left out as repeats: the same number with the same text, reference and metadata as an earlier one (counted in duplicates).",
        example: [],
      }),
  })
  .meta({ id: "CreatedBatch", description: "A batch was created: its id, counts and links." });

export type CreatedBatchResource = z.infer<typeof createdBatchSchema>;

export function toCreatedBatchResource(created: CreatedBatch): CreatedBatchResource {
  return {
    id: created.id,
    recipients: created.recipients,
    duplicates: created.duplicates,
    suppressed: created.suppressed,
    batch: `/api/v1/batches/${created.id}`,
    messages: `/api/v1/batches/${created.id}/messages`,
    createdMessages: created.messages,
    merged: created.merged,
  };
}

export const sentMessageSchema = z
  .object({
    batchId: z
      .uuid()
      .meta({ description: "The batch of one it was sent as.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    messageId: z.string().regex(/^\d+$/).meta({ description: "The message's id.", example: "4294967297" }),
    phone: z.string().meta({ description: "The number, in international form.", example: "254712345678" }),
    reference: textOrNull("Your reference for it, as given; null when none.", "appt-0042"),
    suppressed: z
      .boolean()
      .meta({ description: "True when the number opted out: it is stored, not sent.", example: false }),
    batch: link("The batch (GET).", "/api/v1/batches/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b"),
    message: link("The message (GET).", "/api/v1/messages/4294967297"),
  })
  .meta({ id: "SentMessage", description: "One message was queued." });

export type SentMessageResource = z.infer<typeof sentMessageSchema>;

export function toSentMessageResource(created: CreatedBatch): SentMessageResource {
  // A batch of one always stores its one message (an opted-out number too, as SUPPRESSED).
  const message = created.messages?.[0];
  if (!message) throw new Error(`The batch of one ${created.id} answered without its message.`);
  return {
    batchId: created.id,
    messageId: message.id,
    phone: message.phone,
    reference: message.reference,
    suppressed: created.suppressed > 0,
    batch: `/api/v1/batches/${created.id}`,
    message: `/api/v1/messages/${message.id}`,
  };
}
