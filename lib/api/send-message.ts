// One message to one number: a batch of one, made by createBatch like any other (so it is paced, audited, visible on
// the Batches page and paused or cancelled like one), and the message's id for GET /api/v1/messages/{id}.
import "server-only";
import { checkSender } from "@/lib/accounts/check-sender";
import { createBatch, type CreateBatchInput } from "@/lib/batches/create-batch";
import { db } from "@/lib/db/client";

export async function sendOneMessage(
  input: Omit<CreateBatchInput, "recipients"> & { sender?: string | null | undefined },
  to: string,
) {
  await checkSender(input);
  const created = await createBatch({ ...input, recipients: [{ phone: to }] });
  // A batch of one always stores its one message (an opted-out number too, as SUPPRESSED).
  const message = await db.message.findFirstOrThrow({
    where: { batchId: created.id },
    select: { id: true, phone: true },
  });
  return { created, message };
}
