// What a resend will cost, for its confirmation: the recipients it would take (the rule of resend-batch.ts: not yet
// resent, in the chosen scope — failures by their class — or past the no-receipt age, not opted out) and the SMS units
// of the texts they would get again (their own text, or the batch's). Read once when the operator asks to confirm,
// never polled; it reads no more than the resend itself would.
import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { smsSegments } from "@/lib/provider/wire/sms-units";
import { resendScopeSql, resendScopeValues, type ResendScope } from "./resend-batch";

export type ResendCost = { kind: "SMS" | "VOICE"; recipients: number; units: number };

export async function resendUnits(
  parentId: string,
  scope: ResendScope,
  noReceiptAfterHours = env().NO_RECEIPT_AFTER_HOURS,
): Promise<ResendCost> {
  const { rows: parents } = await pool().query<{ kind: "SMS" | "VOICE"; templateText: string }>(
    `SELECT kind, "templateText" FROM "Batch" WHERE id = $1`,
    [parentId],
  );
  const parent = parents[0];
  if (!parent) throw new AppError("NOT_FOUND", "That batch does not exist.");
  // One row per distinct text: a batch without personalisation is one row however many it resends.
  const { rows } = await pool().query<{ text: string | null; n: number }>(
    `SELECT m.text, count(*)::int AS n FROM "Message" m
     WHERE m."batchId" = $1 AND m."resentToBatchId" IS NULL AND ${resendScopeSql(2)}
       AND NOT EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = m.phone) AND m.phone <> ''
     GROUP BY m.text`,
    [parentId, ...resendScopeValues(scope, noReceiptAfterHours)],
  );
  let recipients = 0;
  let units = 0;
  for (const row of rows) {
    recipients += row.n;
    units += (parent.kind === "SMS" ? smsSegments(row.text ?? parent.templateText) : 1) * row.n;
  }
  return { kind: parent.kind, recipients, units };
}
