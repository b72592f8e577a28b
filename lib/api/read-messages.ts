// The API's message reads: one message with its receipts, and a batch's messages in keyset pages — through the
// console's own reads (lib/messages/get-message.ts, lib/batches/list-messages.ts), mapped to the Message resource.
import "server-only";
import { listMessages } from "@/lib/batches/list-messages";
import type { RecipientSearch } from "@/lib/batches/recipient-search";
import type { MessageFilter } from "@/lib/states/states";
import { AppError } from "@/lib/errors/app-error";
import { getMessage } from "@/lib/messages/get-message";
import { assertBatchExists } from "./read-batches";
import { pageOf, type Page } from "./resources/common";
import {
  toMessageResource,
  toMessageWithReceipts,
  type MessageResource,
  type MessageWithReceipts,
} from "./resources/message";

export async function readMessageResource(id: string): Promise<MessageWithReceipts> {
  const detail = await getMessage(id);
  if (!detail) throw new AppError("NOT_FOUND", "No such message.");
  const { answer } = detail;
  return toMessageWithReceipts(
    {
      id: detail.id,
      batchId: detail.batch.id,
      phone: detail.phone,
      text: detail.personalised ? detail.request.message : null,
      templateText: detail.request.message,
      state: detail.state,
      deliveryStatus: answer.deliveryStatus,
      providerUniqueId: answer.uniqueId,
      operator: answer.operator,
      smsUnits: answer.smsUnits,
      lastError: answer.lastError,
      submittedAt: answer.submittedAt,
      receiptAt: answer.receiptAt,
    },
    detail.receipts,
  );
}

export async function pageBatchMessages(
  batchId: string,
  query: {
    limit: number;
    cursor?: string | undefined;
    filter?: MessageFilter | undefined;
    q?: RecipientSearch | undefined;
  },
): Promise<Page<MessageResource>> {
  const { templateText } = await assertBatchExists(batchId);
  const { rows } = await listMessages(batchId, {
    filter: query.filter ?? null,
    search: query.q ?? null,
    after: query.cursor,
    limit: query.limit + 1,
  });
  return pageOf(
    rows,
    query.limit,
    (row) => row.id,
    (row) => toMessageResource({ ...row, batchId, templateText }),
  );
}
