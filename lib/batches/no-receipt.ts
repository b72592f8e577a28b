// The "no receipt yet" rule (states.ts) as SQL, so the recipients list, the export and resend apply the same one.
import "server-only";
import { messageState } from "@/lib/states/state-sql";
import { NO_RECEIPT_STATE } from "@/lib/states/states";

/** A predicate on the message row `alias`; `$hours` is the parameter holding the no-receipt age in hours. */
export function noReceiptSql(alias: string, hoursParam: number): string {
  return `(${alias}.state = ${messageState(NO_RECEIPT_STATE)} AND ${alias}."submittedAt" < now() - make_interval(hours => $${hoursParam}))`;
}
