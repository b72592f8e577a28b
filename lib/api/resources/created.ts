// What creating answers in /api/v1: a new batch's id and what became of the recipients given (CreatedBatch), and one
// message's ids (SentMessage), each with links to read them — mapped in one place from createBatch's answer.
import { z } from "zod";
import type { CreatedBatch } from "@/lib/batches/create-batch";

const link = (description: string, example: string) => z.string().meta({ description, example });

export const createdBatchSchema = z
  .object({
    id: z.uuid().meta({ description: "The new batch's id.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    recipients: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Recipients stored, opted-out ones included.", example: 2 }),
    duplicates: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Recipients left out because their number was given before in the request.", example: 0 }),
    suppressed: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Recipients stored but not sent: their number opted out.", example: 0 }),
    batch: link("The batch (GET).", "/api/v1/batches/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b"),
    messages: link(
      "Its messages, a page at a time (GET).",
      "/api/v1/batches/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b/messages",
    ),
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
  };
}

export const sentMessageSchema = z
  .object({
    batchId: z
      .uuid()
      .meta({ description: "The batch of one it was sent as.", example: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b" }),
    messageId: z.string().regex(/^\d+$/).meta({ description: "The message's id.", example: "4294967297" }),
    phone: z.string().meta({ description: "The number, in international form.", example: "254712345678" }),
    suppressed: z
      .boolean()
      .meta({ description: "True when the number opted out: it is stored, not sent.", example: false }),
    batch: link("The batch (GET).", "/api/v1/batches/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b"),
    message: link("The message (GET).", "/api/v1/messages/4294967297"),
  })
  .meta({ id: "SentMessage", description: "One message was queued." });

export type SentMessageResource = z.infer<typeof sentMessageSchema>;

export function toSentMessageResource(
  created: CreatedBatch,
  message: { id: bigint | string; phone: string },
): SentMessageResource {
  const id = String(message.id);
  return {
    batchId: created.id,
    messageId: id,
    phone: message.phone,
    suppressed: created.suppressed > 0,
    batch: `/api/v1/batches/${created.id}`,
    message: `/api/v1/messages/${id}`,
  };
}
