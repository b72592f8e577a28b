// What a recipient's escalation call means for their SMS, in the operator's words (issue 35, docs/escalation.md
// "Outcomes"): an SMS that failed but whose call was answered was reached by call; one that never got a receipt was
// "called instead", answered or not. Null when the call says nothing more than the SMS's state (not called, or the
// call cancelled because the SMS arrived). Safe in the browser.
import type { MessageState } from "@/lib/generated/prisma/enums";

export type CallOutcome = { label: string; reached: boolean };

const NOT_ANSWERED: readonly string[] = ["FAILED", "REJECTED", "UNKNOWN"];

export function callOutcome(state: MessageState | string, callState: MessageState | string | null): CallOutcome | null {
  if (callState === null || callState === "CANCELLED") return null;
  const answered = callState === "ANSWERED";
  const outcome = answered ? "answered" : NOT_ANSWERED.includes(callState) ? "not answered" : "calling";
  if (state === "DELIVERED") return answered ? { label: "also answered the call", reached: true } : null;
  if (state === "QUEUED") return { label: `no receipt — called instead (${outcome})`, reached: answered };
  if (answered) return { label: "reached by call", reached: true };
  return { label: `called (${outcome})`, reached: false };
}
