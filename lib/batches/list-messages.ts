// A page of a batch's recipients, by id (keyset pagination: as fast on page 10,000 as on page 1), optionally of one
// state or of those without a final receipt after the no-receipt age.
import "server-only";
import { pool } from "@/lib/db/pool";
import type { MessageState } from "@/lib/generated/prisma/enums";

export type MessageFilter = MessageState | "NO_RECEIPT" | null;

export type MessageRow = {
  id: string;
  phone: string;
  state: MessageState;
  deliveryStatus: string | null;
  providerUniqueId: string | null;
  operator: string | null;
  smsUnits: number | null;
  submittedAt: Date | null;
  receiptAt: Date | null;
  lastError: string | null;
};

export async function listMessages(batchId: string, options: { filter?: MessageFilter; after?: string; limit?: number; noReceiptAfterHours?: number }) {
  const limit = Math.min(options.limit ?? 50, 1000);
  const { rows } = await pool().query<MessageRow>(
    `SELECT id::text, phone, state, "deliveryStatus", "providerUniqueId", operator, "smsUnits", "submittedAt", "receiptAt", "lastError"
     FROM "Message"
     WHERE "batchId" = $1 AND id > $2::bigint
       AND ($3::text IS NULL
            OR ($3 = 'NO_RECEIPT' AND state = 'QUEUED' AND "submittedAt" < now() - make_interval(hours => $5))
            OR state::text = $3)
     ORDER BY id LIMIT $4`,
    [batchId, options.after ?? "0", options.filter ?? null, limit, options.noReceiptAfterHours ?? 48],
  );
  return { rows, next: rows.length === limit ? rows.at(-1)!.id : null };
}
