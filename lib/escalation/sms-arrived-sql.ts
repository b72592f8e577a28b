// "This call's SMS arrived after all": true for an escalation message (Escalation.childMessageId) whose SMS is now
// DELIVERED or ANSWERED. The claim (lib/dispatch/claim.ts) cancels such calls instead of placing them; for any other
// batch it is not looked at. `m` is the call's message.
import { messageStates } from "@/lib/states/state-sql";

/** Why such a call was cancelled (Message.lastError). */
export const SMS_ARRIVED = "Not called: the SMS was delivered before the call was placed.";

/**
 * `batchId`: the SQL of the batch's id. Only a calls' batch is looked at: the first test is evaluated once per
 * statement (it does not depend on the message), so claiming an ordinary batch's chunk costs nothing more.
 */
export function smsArrivedSql(m: string, batchId: string): string {
  return `(EXISTS (SELECT 1 FROM "Batch" calls WHERE calls.id = ${batchId} AND calls."escalatesBatchId" IS NOT NULL)
    AND EXISTS (
      SELECT 1 FROM "Escalation" e JOIN "Message" sms ON sms.id = e."parentMessageId"
      WHERE e."childMessageId" = ${m}.id AND sms.state IN ${messageStates(["DELIVERED", "ANSWERED"])}))`;
}
