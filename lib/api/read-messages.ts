// The API's message reads: one message with its receipts, and a batch's messages in keyset pages — through the
// console's own reads (lib/messages/get-message.ts, lib/batches/list-messages.ts), mapped to the Message resource;
// and the messages sent with a caller's reference, across batches.
import "server-only";
import { listMessages } from "@/lib/batches/list-messages";
import type { LanguageFilter } from "@/lib/batches/language-filter";
import type { RecipientSearch } from "@/lib/batches/recipient-search";
import type { MessageFilter } from "@/lib/states/states";
import { AppError } from "@/lib/errors/app-error";
import { getMessage } from "@/lib/messages/get-message";
import { numberIndexEdge, numberRows } from "@/lib/number-story/number-rows";
import { pool } from "@/lib/db/pool";
import type { ListMessagesQuery } from "./schemas/messages";
import { assertBatchExists } from "./read-batches";
import { pageOf, type Page } from "./resources/common";
import {
  toMessageResource,
  toMessageWithReceipts,
  type MessageResource,
  type MessageSource,
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
      reference: detail.reference,
      metadata: detail.metadata,
      language: detail.language,
      callState: detail.callState,
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
    language?: LanguageFilter | undefined;
  },
): Promise<Page<MessageResource>> {
  const { templateText } = await assertBatchExists(batchId);
  const { rows } = await listMessages(batchId, {
    filter: query.filter ?? null,
    search: query.q ?? null,
    language: query.language ?? null,
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

/**
 * GET /api/v1/messages: the messages sent with `reference` in id order (oldest first; one range of the partial index
 * (reference, id) of migration message_reference per weekly partition), or one number's messages newest first (one
 * lib/number-story/number-rows.ts: backward ranges of each closed week's (phone, id)) — a keyset page at a time, as
 * fast on the last page as on the first. A test key finds only the sandbox account's (lib/api/key-reach.ts).
 */
export async function pageMessagesFound(
  query: ListMessagesQuery,
  key: { test: boolean },
): Promise<Page<MessageResource>> {
  const byPhone = query.phone !== undefined;
  const sandboxOnly = key.test
    ? `AND m."batchId" IN (SELECT b.id FROM "Batch" b JOIN "ProviderAccount" a ON a.id = b."accountId" WHERE a."isSandbox")`
    : "";
  const { rows } = await pool().query<MessageSource>(
    `SELECT m.id::text AS id, m."batchId", m.phone, m.text, b."templateText", m.state, m."deliveryStatus",
            m."providerUniqueId", m.operator, m."smsUnits", m."lastError", m."submittedAt", m."receiptAt",
            m.reference, m.metadata, m.language, m."callState"
     FROM ${byPhone ? numberRows({ phone: "$1", before: "$2", take: "$3", edge: "$4", where: sandboxOnly }) : `"Message"`} m
     JOIN "Batch" b ON b.id = m."batchId"
     ${byPhone ? "" : `WHERE m.reference = $1 AND m.id > coalesce($2::bigint, 0) ${sandboxOnly}`}
     ORDER BY m.id ${byPhone ? "DESC" : "ASC"}
     LIMIT $3`,
    [
      byPhone ? query.phone : query.reference,
      query.cursor ?? null,
      query.limit + 1,
      ...(byPhone ? [await numberIndexEdge()] : []),
    ],
  );
  return pageOf(rows, query.limit, (row) => row.id, toMessageResource);
}
