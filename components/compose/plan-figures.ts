// The plan's figures, from what Compose knows: a list's plan from the server (use-plan.ts), pasted numbers counted here
// (use-pasted-numbers.ts). What the planner card shows, what the review states, what refuses a list before Send, and
// the count the Send button names. Pure: no state, no fetching.
import type { ListPlan } from "@/lib/batches/plan-list";
import { sendPlan } from "@/lib/batches/plan";
import { segmentRange } from "@/lib/compose/segment-range";
import { sendSummary, type SendSummary } from "@/lib/compose/send-summary";
import { smsEncoding, smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";
import type { ListChoice } from "./list-source";
import type { Kind } from "./message-fields";
import type { ComposeAccount } from "./options-fields";
import type { Source } from "./recipient-fields";
import type { PlanView } from "./send-plan";
import type { PastedNumbers } from "./use-pasted-numbers";

import { formatCount } from "@/lib/numbers/format";
export type PlanFigures = {
  /** Why a list cannot be sent with this text (a placeholder naming no column, a text too long), or null. */
  listRefusal: string | null;
  personalised: boolean;
  /** Segments per recipient of a personalised list, in words, or "counting…". */
  perRecipient: string | null;
  planView: PlanView | null;
  /** Null until every figure is known for what is typed now (the opt-out check, the list's pass). */
  summary: SendSummary | null;
  /** Who the Send button names: the distinct valid numbers, less those known to be opted out. */
  sendCount: number;
};

export function planFigures({
  source,
  kind,
  message,
  account,
  list,
  plan,
  pasted,
  scheduled,
  resent = 0,
}: {
  source: Source;
  kind: Kind;
  message: string;
  account: ComposeAccount | undefined;
  list: ListChoice | undefined;
  plan: ListPlan | null;
  pasted: PastedNumbers;
  scheduled: boolean;
  /** Left out by the duplicate-send guard (use-duplicates.ts): 0 while unknown or when the operator includes them. */
  resent?: number;
}): PlanFigures {
  const listRefusal =
    source === "list" && plan && plan.unknown.length > 0
      ? `The list “${plan.list.filename}” has no column for ${plan.unknown.map((n) => `{{${n}}}`).join(", ")}. Its placeholders are: ${plan.list.columns.map((c) => `{{${c}}}`).join(" ")}.`
      : source === "list" && plan && plan.tooLong > 0
        ? `${formatCount(plan.tooLong)} recipient(s) would get a message that is too long (the first is row ${plan.firstTooLongRow}).`
        : null;
  const personalised = source === "list" && /\{\{/.test(message);
  const perRecipient =
    kind === "SMS" && personalised ? (plan ? segmentRange(plan.segments) || null : "counting…") : null;

  // The plan as the planner card shows it: a list's from the server, pasted numbers' counted here.
  const optedOutCount = source === "list" ? (plan?.optedOut ?? 0) : (pasted.optedOut?.length ?? 0);
  const text = message.trim();
  const parts = kind === "SMS" && text ? smsSegments(text) : 1;
  // A list's saved recipients (the plan counts none when a placeholder names no column: the list still has them).
  const distinct = source === "list" ? (list?.validCount ?? plan?.recipients ?? 0) : pasted.check.phones.length;
  const counted: PlanView | null =
    source === "list"
      ? plan && !listRefusal
        ? withResent(plan, resent)
        : null
      : account && text && distinct > 0 && !pasted.tooMany
        ? {
            kind,
            // Only numbers that will be sent the text (issue 35): not those on the opt-out list.
            previews: previewed(pasted).map(({ phone, row }) => ({
              row,
              phone,
              text,
              characters: text.length,
              encoding: smsEncoding(text),
              segments: parts,
              ucs2: ucs2Characters(text),
            })),
            optedOut: optedOutCount,
            resent,
            segments: kind === "SMS" ? { [parts]: distinct - optedOutCount - resent } : {},
            ...sendPlan(distinct - resent, parts * (distinct - optedOutCount - resent), account),
          }
        : null;
  // Provider requests and the time to submit count only the recipients sent to: opted-out ones are stored but never
  // sent, and the duplicate guard's are left out (issue 35: "Recipients 0 · Provider requests 19").
  const sending =
    counted && account ? sendPlan(Math.max(0, counted.recipients - (counted.optedOut ?? 0)), 0, account) : null;
  const planView: PlanView | null =
    counted && sending ? { ...counted, requests: sending.requests, seconds: sending.seconds } : counted;

  const summary =
    source === "list"
      ? plan && list
        ? sendSummary({
            kind,
            // Rows with a number: an empty phone cell is neither given nor "not valid" (listRows in review-view.ts).
            given: list.validCount + list.invalidCount + list.duplicateCount - (list.withoutNumber ?? 0),
            invalid: list.invalidCount - (list.withoutNumber ?? 0),
            duplicates: list.duplicateCount,
            optedOut: plan.optedOut,
            resent,
            distinct,
            scheduled,
          })
        : null
      : pasted.optedOut !== null && !pasted.stale
        ? sendSummary({
            kind,
            given: pasted.check.typed,
            invalid: pasted.check.invalidCount,
            duplicates: pasted.check.duplicateCount,
            optedOut: pasted.optedOut.length,
            resent,
            distinct: pasted.check.phones.length,
            scheduled,
          })
        : null;
  return {
    listRefusal,
    personalised,
    perRecipient,
    planView,
    summary,
    // A paste over the limit is refused whole and only its first numbers are checked (check-pasted.ts): the
    // (disabled) button names what was pasted, not a checked part of it.
    sendCount:
      source !== "list" && pasted.tooMany ? pasted.check.typed : Math.max(0, distinct - optedOutCount - resent),
  };
}

/** The first pasted numbers that will be sent the text, with their lines: opted-out ones are not previewed. */
function previewed(pasted: PastedNumbers): { phone: string; row: number }[] {
  const optedOut = new Set((pasted.optedOut ?? []).map((o) => o.phone));
  const found: { phone: string; row: number }[] = [];
  for (let i = 0; i < pasted.check.phones.length && found.length < 5; i++) {
    const phone = pasted.check.phones[i]!;
    if (!optedOut.has(phone)) found.push({ phone, row: pasted.check.lines[i] ?? i + 1 });
  }
  return found;
}

/**
 * A list's plan less the recipients the guard leaves out. Their units are exact for a text the same for everyone;
 * for a personalised one each left-out recipient is counted at the plan's average units (the batch is exact).
 */
function withResent(plan: ListPlan, resent: number): PlanView {
  if (resent === 0) return plan;
  const sent = plan.recipients - plan.optedOut;
  const units = sent > 0 ? Math.round(plan.units - (plan.units / sent) * resent) : plan.units;
  return { ...plan, resent, recipients: Math.max(0, plan.recipients - resent), units: Math.max(0, units) };
}
