// "Resend" is always explicit, and never sends anyone twice: the recipients of a batch whose outcome is UNKNOWN,
// FAILED, or still without a final receipt after the no-receipt age become a new child batch with new correlators,
// and each of them is marked as resent in that child in the very transaction that creates it. A recipient already
// resent is never taken again (what happens next lives in the child batch, which can itself be resent); two resends
// at once (two tabs, two operators, a double click) produce one child — the other finds the recipients taken and
// rolls its batch back. Failures are taken by their class (lib/receipts/failure-classes.ts): temporary ones (phone
// off, no answer, network) and permanent ones (number does not exist, blacklisted, sender ID refused) are separate
// choices, the confirmation offering the temporary ones. Opted-out numbers — carrier blacklists included — are
// always left out, and so is whoever answered the escalation's call (Message.callState; issue 35): reached by another
// channel, they are not sent the SMS again (the confirmation says how many).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { recipientsRemovedBefore } from "@/lib/history/removed-before";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { PERMANENT_FAILURE_CLASSES } from "@/lib/receipts/failure-classes";
import { formatDateTime } from "@/lib/time/format";
import type { Variant } from "./variants";
import type { BatchSendSettings } from "./send-settings";
import { createBatch, type CreatedBatch } from "./create-batch";
import { noReceiptSql } from "./no-receipt";
import { messageState } from "@/lib/states/state-sql";

export type ResendScope = {
  unknown?: boolean;
  /** Failed for a temporary reason. */
  temporary?: boolean;
  /** Failed for a permanent reason. */
  permanent?: boolean;
  noReceipt?: boolean;
};

export const RESEND_RACE_MESSAGE =
  "These recipients were resent by another request a moment ago: nothing more was sent. The batch page shows the resend.";

/**
 * The predicate of the recipients a scope takes, on the message row `m`, with parameters $first… (scope flags, the
 * permanent classes, the no-receipt age); one without a class (failed before classes existed) counts as temporary.
 */
export function resendScopeSql(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `(m."callState" IS DISTINCT FROM ${messageState("ANSWERED")} AND ((${p(0)}::boolean AND m.state = ${messageState("UNKNOWN")})
    OR (m.state = ${messageState("FAILED")} AND CASE WHEN COALESCE(m."failureClass", 'NETWORK') = ANY(${p(4)}::text[]) THEN ${p(2)}::boolean ELSE ${p(1)}::boolean END)
    OR (${p(3)}::boolean AND ${noReceiptSql("m", first + 5)})))`;
}

export function resendScopeValues(scope: ResendScope, noReceiptAfterHours: number): unknown[] {
  return [
    scope.unknown === true,
    scope.temporary === true,
    scope.permanent === true,
    scope.noReceipt === true,
    PERMANENT_FAILURE_CLASSES,
    noReceiptAfterHours,
  ];
}

/** Why a batch whose recipients retention removed (some or all) cannot be resent. */
export function retentionRefusal(removedBefore: Date, zone: string): string {
  return `This batch cannot be resent: its recipients stored before ${formatDateTime(removedBefore, zone)} were removed under the data retention, so a resend could not reach them. Send a new batch to the list instead.`;
}

export async function resendBatch(
  parentId: string,
  scope: ResendScope,
  actorId: string | null,
  noReceiptAfterHours = env().NO_RECEIPT_AFTER_HOURS,
): Promise<CreatedBatch> {
  const { rows: parents } = await pool().query<
    BatchSendSettings & { name: string; accountId: string; promotional: boolean; variants: Variant[] | null }
  >(
    `SELECT kind, name, "accountId", "templateText", sender, originator, voice, repeat, "linkId", promotional, language,
            variants FROM "Batch" WHERE id = $1`,
    [parentId],
  );
  const parent = parents[0];
  if (!parent) throw new AppError("NOT_FOUND", "That batch does not exist.");
  // Its counters still count recipients retention has removed: a resend would quietly leave those out.
  const removedBefore = await recipientsRemovedBefore(parentId);
  if (removedBefore) throw new AppError("CONFLICT", retentionRefusal(removedBefore, await getOrgTimeZone()));
  const { rows } = await pool().query<{
    id: string;
    phone: string;
    text: string | null;
    listRow: number | null;
    reference: string | null;
    metadata: Record<string, string | number | boolean> | null;
    language: string | null;
  }>(
    `SELECT m.id::text AS id, m.phone, m.text, m."listRow", m.reference, m.metadata, m.language FROM "Message" m
     WHERE m."batchId" = $1 AND m."resentToBatchId" IS NULL AND ${resendScopeSql(2)}
       AND NOT EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = m.phone) AND m.phone <> ''
     ORDER BY m.id`,
    [parentId, ...resendScopeValues(scope, noReceiptAfterHours)],
  );
  if (rows.length === 0)
    throw new AppError(
      "CONFLICT",
      "No recipient of this batch is left to resend: those that match were already resent, or none match.",
    );
  const ids = rows.map((row) => row.id);
  return createBatch(
    {
      kind: parent.kind,
      accountId: parent.accountId,
      authorId: actorId,
      parentBatchId: parentId,
      name: `${parent.name} (resend)`.slice(0, 200),
      templateText: parent.templateText,
      sender: parent.sender,
      originator: parent.originator,
      voice: parent.voice === 1 || parent.voice === 2 ? parent.voice : null,
      repeat: parent.repeat,
      linkId: parent.linkId,
      // A promotion's resend is a promotion too: it keeps to the window.
      promotional: parent.promotional,
      // Each recipient keeps their language (issue 39): their text is their variant's, and a voice call its language.
      language: parent.language,
      variants: parent.variants ?? undefined,
      recipients: rows,
    },
    {
      // The parent's recipients are already distinct messages: an API batch's same number with two texts or
      // references is resent as two, each keeping its reference (prepare-recipients.ts).
      repeats: "message",
      // Row locks make a concurrent resend wait here, then find the rows taken (the condition is checked again on
      // the committed rows) and roll its own batch back.
      inFirstTransaction: async (client, childId) => {
        const { rowCount } = await client.query(
          `UPDATE "Message" SET "resentToBatchId" = $2 WHERE id = ANY($1::bigint[]) AND "resentToBatchId" IS NULL`,
          [ids, childId],
        );
        if (rowCount !== ids.length) throw new AppError("CONFLICT", RESEND_RACE_MESSAGE);
        // The parent's list, so the resend shows and searches the same columns (its recipients kept their rows).
        await client.query(`UPDATE "Batch" SET "listId" = (SELECT "listId" FROM "Batch" WHERE id = $2) WHERE id = $1`, [
          childId,
          parentId,
        ]);
        // In the same transaction as the child batch and the marks: a resend is never without its event.
        await recordAudit(
          {
            actorId,
            action: "batch.resend",
            targetType: "Batch",
            targetId: parentId,
            detail: { childBatchId: childId, scope, recipients: ids.length },
          },
          client,
        );
      },
    },
  );
}
