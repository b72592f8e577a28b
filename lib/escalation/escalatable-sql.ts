// Which SMS are called when their deadline passes (docs/escalation.md): sent and not delivered — still QUEUED, outcome
// UNKNOWN, or FAILED for a reason a call may get past — and never a number that opted out or that the network
// reported blacklisted or invalid, nor an erased one (its phone emptied, lib/number-story/erase-number.ts). A REJECTED message (the provider refused it) is never called; neither is one
// already called (Escalation's primary key, checked where the call is inserted). `m` is the SMS's message.
import { messageState, messageStates } from "@/lib/states/state-sql";
import type { FailureClass } from "@/lib/receipts/failure-classes";

/** Failure classes that say no call will get through either. */
export const NEVER_CALLED_CLASSES = ["BLACKLISTED", "INVALID_NUMBER"] as const satisfies readonly FailureClass[];

export function escalatableSql(m: string): string {
  const classes = NEVER_CALLED_CLASSES.map((c) => `'${c}'`).join(", ");
  return `(${m}.state IN ${messageStates(["QUEUED", "UNKNOWN"])}
      OR (${m}.state = ${messageState("FAILED")} AND COALESCE(${m}."failureClass", '') NOT IN (${classes})))
    AND NOT EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = ${m}.phone)
    AND ${m}.phone <> ''`;
}
