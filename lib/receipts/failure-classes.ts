// Why a message did not reach its recipient, in the operator's words: each failure class a delivery status maps to
// (status-map.ts), plus the two outcomes that come from the provider's answer rather than a receipt (refused, and
// outcome unknown). Temporary ones are worth resending later; permanent ones are not, as they are. Batch reports,
// failure reasons, the Overview and resend all group by these. Safe in the browser.

/** Failure classes a delivery receipt can carry (Message.failureClass). */
export const FAILURE_CLASSES = [
  "ABSENT",
  "NO_ANSWER",
  "NETWORK",
  "ACCOUNT",
  "BLACKLISTED",
  "INVALID_NUMBER",
  "SENDER_ID",
] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

/** Every kind of failure a report shows: a receipt's class, or what the provider's answer said. */
export type FailureKind = FailureClass | "REFUSED" | "OUTCOME_UNKNOWN";

export type FailureKindInfo = {
  label: string;
  permanence: "temporary" | "permanent";
  /** What happened, in a sentence. */
  meaning: string;
  /** What to do about it, in a sentence. */
  advice: string;
};

export const FAILURE_KINDS: Record<FailureKind, FailureKindInfo> = {
  ABSENT: {
    label: "Phone off or out of reach",
    permanence: "temporary",
    meaning: "The network could not reach the phone: switched off, out of coverage, or not connected for a day.",
    advice: "Resend later: most of these arrive on a second try.",
  },
  NO_ANSWER: {
    label: "Call not answered",
    permanence: "temporary",
    meaning: "The phone rang but nobody answered, or the line was busy.",
    advice: "Resend at another time of day.",
  },
  NETWORK: {
    label: "Network problem or no reason given",
    permanence: "temporary",
    meaning: "The network reported a failure without a reason, or could not confirm the delivery.",
    advice: "Resend once; if it fails again, check the number with the recipient.",
  },
  ACCOUNT: {
    label: "Not enough credit",
    permanence: "temporary",
    meaning:
      "Delivery was refused for lack of credit: the sending account's balance (or, for premium messages, the recipient's airtime).",
    advice: "Top up the account, then resend.",
  },
  BLACKLISTED: {
    label: "Blocked by the recipient",
    permanence: "permanent",
    meaning:
      "The recipient blocked this sender ID or all promotional messages at their network. The number was added to the opt-outs (carrier blacklist).",
    advice: "Do not resend: the number stays opted out unless an administrator removes it.",
  },
  INVALID_NUMBER: {
    label: "Number does not exist or is inactive",
    permanence: "permanent",
    meaning: "The network says the number is not in service: never issued, deactivated, suspended or moved away.",
    advice: "Check the number with the recipient; resending it as it is will fail again.",
  },
  SENDER_ID: {
    label: "Sender ID refused by the network",
    permanence: "permanent",
    meaning: "The network does not know or has blocked the sender ID (or the link ID of an on-demand message).",
    advice: "Have the sender ID registered with the provider (or use another), then resend.",
  },
  REFUSED: {
    label: "Refused by the provider",
    permanence: "permanent",
    meaning: "The provider refused the request before sending anything; the error says why.",
    advice: "Fix what the error names, then resend.",
  },
  OUTCOME_UNKNOWN: {
    label: "Outcome unknown",
    permanence: "temporary",
    meaning:
      "No answer came from the provider, so nobody knows whether it was sent; a late receipt may still settle it.",
    advice: "Wait for a receipt, or resend explicitly.",
  },
};

export const TEMPORARY_FAILURE_CLASSES = FAILURE_CLASSES.filter((c) => FAILURE_KINDS[c].permanence === "temporary");
export const PERMANENT_FAILURE_CLASSES = FAILURE_CLASSES.filter((c) => FAILURE_KINDS[c].permanence === "permanent");

export function isFailureClass(value: string | null | undefined): value is FailureClass {
  return (FAILURE_CLASSES as readonly string[]).includes(value ?? "");
}

/**
 * The kind of failure of a message in a problem state: its receipt's class when FAILED (one without a class — a
 * failure recorded before classes existed — counts as a network failure), refused when REJECTED, unknown when
 * UNKNOWN.
 */
export function failureKindOf(state: string, failureClass: string | null): FailureKind {
  if (state === "REJECTED") return "REFUSED";
  if (state === "UNKNOWN") return "OUTCOME_UNKNOWN";
  return isFailureClass(failureClass) ? failureClass : "NETWORK";
}
