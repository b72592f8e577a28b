// One recipient's message as its page shows it: the request we sent the provider (rebuilt from the batch and the
// message, exactly as lib/dispatch/send-chunk.ts builds it, without the account's receipt secret), the provider's
// answer, every receipt received for it (matched to it, or carrying its correlator and matched to nothing), and the
// timeline of what happened when. Receipts are found through their two indexes (uniqueId, correlator), never a scan.
import "server-only";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";

/** A message id (the correlator) as digits, within bigint. */
export function parseMessageId(raw: string): bigint | null {
  if (!/^\d{1,19}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id > 0n && id <= 9_223_372_036_854_775_807n ? id : null;
}

export type MessageReceipt = {
  id: string;
  deliveryStatus: string;
  deliveryTime: string | null;
  deliveryAt: Date | null;
  receivedAt: Date;
  appliedAt: Date | null;
  matched: boolean;
  unmatchedReason: string | null;
  raw: string;
};

export type TimelineEvent = { at: Date; what: string; detail?: string };

/** The receipt URL as sent, with the secret that authenticates the provider left out. */
export function receiptEndpointShown(): string {
  const base = (env().RECEIPT_BASE_URL ?? `http://127.0.0.1:${env().PORT}`).replace(/\/$/, "");
  return `${base}/api/receipts/<receipt secret>`;
}

export async function getMessage(raw: string) {
  const id = parseMessageId(raw);
  if (id === null) return null;
  const message = await db.message.findUnique({ where: { id } });
  if (!message) return null;
  // Its batch by key: Message has no relation to Batch in the schema (no foreign key: prisma/schema.prisma), and the
  // batch always exists (migration message_batch_check).
  const batch = await db.batch.findUniqueOrThrow({
    where: { id: message.batchId },
    select: {
      id: true,
      name: true,
      kind: true,
      sender: true,
      originator: true,
      templateText: true,
      linkId: true,
      voice: true,
      repeat: true,
      account: { select: { name: true } },
    },
  });
  const correlator = String(message.id);
  const common = {
    message: message.text ?? batch.templateText,
    phone: message.phone,
    correlator,
    endpoint: receiptEndpointShown(),
  };
  const request =
    batch.kind === "SMS"
      ? { sender: batch.sender ?? "", ...common, ...(batch.linkId ? { link_id: batch.linkId } : {}) }
      : {
          originator: batch.originator ?? "",
          ...common,
          ...(batch.voice === 1 || batch.voice === 2 ? { voice: batch.voice } : {}),
          ...(batch.repeat ? { repeat: batch.repeat } : {}),
        };

  const { rows: receipts } = await pool().query<MessageReceipt>(
    `SELECT r.id::text AS id, r."deliveryStatus", r."deliveryTime", r."deliveryAt", r."receivedAt", r."appliedAt",
            r."messageId" IS NOT NULL AS matched, r."unmatchedReason", r.raw
     FROM "Receipt" r
     WHERE (r.correlator = $2 OR r."uniqueId" = $3)
       AND (r."messageId" = $1 OR (r."messageId" IS NULL AND r.correlator = $2))
     ORDER BY r.id`,
    [message.id, correlator, message.providerUniqueId],
  );
  const chunk = await db.dispatchChunk.findFirst({
    where: { batchId: message.batchId, lastMessageId: { gte: message.id } },
    orderBy: { lastMessageId: "asc" },
    select: { claimedAt: true, attempts: true, state: true, lastError: true },
  });

  const timeline: TimelineEvent[] = [{ at: message.createdAt, what: "Created" }];
  if (message.submittedAt)
    timeline.push({
      at: message.submittedAt,
      what: "Submitted to the provider",
      detail: message.providerUniqueId ? `uniqueId ${message.providerUniqueId}` : message.state,
    });
  for (const r of receipts) {
    timeline.push({
      at: r.receivedAt,
      what: `Receipt ${r.deliveryStatus}`,
      detail:
        [
          // The provider's own text (its zone, not the organisation's): quoted, as sent.
          r.deliveryTime ? `deliveryTime "${r.deliveryTime}" as the provider sent it` : null,
          r.matched ? null : `unmatched (${r.unmatchedReason ?? "not applied yet"})`,
        ]
          .filter(Boolean)
          .join(" · ") || undefined,
    });
  }
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());
  // The final state ends the timeline, at the time the provider gave for it (second precision: it may read earlier
  // than the receipt's arrival, even than the send's answer).
  if (!["PENDING", "QUEUED"].includes(message.state)) {
    timeline.push({
      at: message.receiptAt ?? message.updatedAt,
      what: `Final state: ${message.state}`,
      detail: message.deliveryStatus ?? message.lastError ?? undefined,
    });
  }

  return {
    id: correlator,
    batch: { id: batch.id, name: batch.name, kind: batch.kind, account: batch.account.name },
    phone: message.phone,
    personalised: message.text !== null,
    state: message.state,
    /** Its escalation call's state (docs/escalation.md; ANSWERED: reached by call), null when not called. */
    callState: message.callState,
    /** The caller's reference and metadata (API batches: docs/api.md "References"); null when none. */
    reference: message.reference,
    metadata: message.metadata,
    /** The language whose variant the recipient was sent (issue 39); null: the default text. */
    language: message.language,
    request,
    answer: {
      uniqueId: message.providerUniqueId,
      providerBatchId: message.providerBatchId,
      smsUnits: message.smsUnits,
      operator: message.operator,
      state: message.state,
      deliveryStatus: message.deliveryStatus,
      lastError: message.lastError,
      submittedAt: message.submittedAt,
      receiptAt: message.receiptAt,
    },
    chunk,
    receipts,
    timeline,
  };
}

export type MessageDetail = NonNullable<Awaited<ReturnType<typeof getMessage>>>;
