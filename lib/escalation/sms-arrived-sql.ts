// "This call's SMS arrived after all": true for an escalation message (Escalation.childMessageId) whose SMS is now
// DELIVERED or ANSWERED. The claim (lib/dispatch/claim.ts) cancels such calls instead of placing them; for any other
// message it is one probe of a unique index that finds nothing. `m` is the call's message.
import { messageStates } from "@/lib/batches/state-sql";

/** Why such a call was cancelled (Message.lastError). */
export const SMS_ARRIVED = "Not called: the SMS was delivered before the call was placed.";

export function smsArrivedSql(m: string): string {
  return `EXISTS (
    SELECT 1 FROM "Escalation" e JOIN "Message" sms ON sms.id = e."parentMessageId"
    WHERE e."childMessageId" = ${m}.id AND sms.state IN ${messageStates(["DELIVERED", "ANSWERED"])})`;
}
