// Rotating an account's receipt secret (the path secret of POST /api/receipts/<secret>), for when it leaked — into a
// proxy's log, a screenshot. New sends carry the new secret at once (workers read the account afresh); receipts for
// messages sent before carry the old one, and may come days later, so the old secret stays accepted for an overlap the
// administrator chooses (0 ends it now). One rotation at a time: a second one replaces the previous secret, ending
// the first one's overlap. Audited in the same transaction, without either secret.
import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { forgetReceiptSecrets } from "./account-by-secret";

/** Receipts can arrive long after the send (a phone off for days): a week of overlap is allowed. */
export const MAX_OVERLAP_HOURS = 24 * 7;

export const rotateReceiptSecretSchema = z.object({
  accountId: z.uuid("Not an account."),
  overlapHours: z.coerce
    .number({ error: "A number of hours." })
    .int("Whole hours.")
    .min(0, "0 hours or more.")
    .max(MAX_OVERLAP_HOURS, `At most ${MAX_OVERLAP_HOURS} hours (a week).`),
});

export async function rotateReceiptSecret(
  input: z.output<typeof rotateReceiptSecretSchema>,
  actorId: string,
): Promise<{ previousAcceptedUntil: Date }> {
  const result = await transaction(async (client) => {
    const { rows } = await client.query<{ until: Date }>(
      `UPDATE "ProviderAccount" SET "previousReceiptSecret" = "receiptSecret",
         "previousReceiptSecretUntil" = now() + $3::int * interval '1 hour',
         "receiptSecret" = $2, "updatedAt" = now()
       WHERE id = $1 RETURNING "previousReceiptSecretUntil" AS until`,
      [input.accountId, randomBytes(24).toString("base64url"), input.overlapHours],
    );
    const row = rows[0];
    if (!row) throw new AppError("NOT_FOUND", "That account no longer exists.");
    await recordAudit(
      {
        actorId,
        action: "account.receipt_secret_rotate",
        targetType: "ProviderAccount",
        targetId: input.accountId,
        detail: { overlapHours: input.overlapHours, previousAcceptedUntil: row.until.toISOString() },
      },
      client,
    );
    return { previousAcceptedUntil: row.until };
  });
  forgetReceiptSecrets();
  return result;
}
