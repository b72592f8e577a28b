import { formatCount } from "@/lib/numbers/format";
// What Compose's review states before anything is sent, from the figures the plan has counted: who was given, who is
// skipped and why (opted out, not valid, repeated — each counted), who is sent to, and the one button that sends,
// naming that count ("Send 1,803 text messages", "Call 1,803 numbers").

export type SendSummary = {
  kind: "SMS" | "VOICE";
  /** Numbers typed, or the list's rows that held a number (valid, invalid or repeated). */
  given: number;
  invalid: number;
  duplicates: number;
  optedOut: number;
  /** Left out by the duplicate-send guard: sent this text within the window (lib/batches/duplicate-guard.ts). */
  resent?: number;
  /** Recipients a message (or call) goes to: the distinct valid numbers not opted out. */
  send: number;
  scheduled: boolean;
};

/** `distinct`: the distinct valid numbers (of the list: its saved recipients), opted-out ones included. */
export function sendSummary(input: Omit<SendSummary, "send"> & { distinct: number }): SendSummary {
  const { distinct, ...rest } = input;
  return { ...rest, send: Math.max(0, distinct - input.optedOut - (input.resent ?? 0)) };
}

const n = (count: number) => formatCount(count);

export function confirmLabel({ kind, send, scheduled }: Pick<SendSummary, "kind" | "send" | "scheduled">): string {
  if (kind === "VOICE") return `${scheduled ? "Schedule calls to" : "Call"} ${n(send)} number${send === 1 ? "" : "s"}`;
  return `${scheduled ? "Schedule" : "Send"} ${n(send)} text message${send === 1 ? "" : "s"}`;
}

/** "1 opted out, 2 not valid, 1 repeated", or "none". */
export function skippedSentence({ optedOut, invalid, duplicates, resent = 0 }: SendSummary): string {
  const parts = [
    optedOut > 0 ? `${n(optedOut)} opted out` : null,
    resent > 0 ? `${n(resent)} sent this text recently` : null,
    invalid > 0 ? `${n(invalid)} not valid` : null,
    duplicates > 0 ? `${n(duplicates)} repeated` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "none";
}

/** Why a batch of numbers would reach nobody: each is skipped, and how to include those the guard left out. */
export function nobodySentence(summary: SendSummary): string {
  const resent = summary.resent ?? 0;
  return `Nobody to send to: every number is skipped (${skippedSentence(summary)}).${
    resent > 0
      ? ` To send to the ${n(resent)} who had this text recently, tick “Send to them anyway” above and say why.`
      : ""
  }`;
}
