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
  resentPhones = new Set<string>(),
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
  /** Which pasted numbers the guard leaves out (use-duplicates.ts): the preview skips them. */
  resentPhones?: ReadonlySet<string>;
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
  // Recipients, provider requests and units count only those who will be sent the text (issue 35: "Recipients 0 ·
  // Provider requests 19"): opted-out numbers are stored but never sent, and the duplicate guard's are left out.
  const toSend = Math.max(0, distinct - optedOutCount - resent);
  const planView: PlanView | null =
    source === "list"
      ? plan && !listRefusal && account
        ? withSkipped(plan, resent, account)
        : null
      : account && text && distinct > 0 && !pasted.tooMany
        ? {
            kind,
            // Only numbers that will be sent the text: not those on the opt-out list, nor the guard's (issue 35).
            previews: previewed(pasted, resent > 0 ? resentPhones : new Set()).map(({ phone, row }) => ({
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
            segments: kind === "SMS" && toSend > 0 ? { [parts]: toSend } : {},
            ...sendPlan(toSend, parts * toSend, account),
          }
        : null;

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

/** Messages previewed: PREVIEWED in lib/batches/plan-list.ts (server-only, so not imported here). */
const PREVIEWS = 5;

/** The first pasted numbers that will be sent the text, with their lines: opted-out and left-out ones are not previewed. */
function previewed(pasted: PastedNumbers, resent: ReadonlySet<string>): { phone: string; row: number }[] {
  const optedOut = new Set((pasted.optedOut ?? []).map((o) => o.phone));
  const found: { phone: string; row: number }[] = [];
  for (let i = 0; i < pasted.check.phones.length && found.length < PREVIEWS; i++) {
    const phone = pasted.check.phones[i]!;
    if (!optedOut.has(phone) && !resent.has(phone)) found.push({ phone, row: pasted.check.lines[i] ?? i + 1 });
  }
  return found;
}

/**
 * A list's plan counted on those who will be sent the text: less its opted-out rows, and less the rows the guard
 * leaves out (their units and segments as the planner counted them, plan-list.ts) unless the operator includes them.
 * The preview keeps the first five who will get it (the planner tags the guard's rows).
 */
function withSkipped(plan: ListPlan, resent: number, account: ComposeAccount): PlanView {
  const recent = resent > 0 ? plan.recentlySent : { recipients: 0, units: 0, segments: {} };
  const recipients = Math.max(0, plan.recipients - plan.optedOut - recent.recipients);
  const segments: Record<number, number> = {};
  for (const [k, n] of Object.entries(plan.segments)) {
    const left = n - (recent.segments[Number(k)] ?? 0);
    if (left > 0) segments[Number(k)] = left;
  }
  const units = Math.max(0, plan.units - recent.units);
  return {
    ...plan,
    previews: plan.previews.filter((p) => !(resent > 0 && p.recent)).slice(0, PREVIEWS),
    resent,
    segments,
    ...sendPlan(recipients, units, account),
  };
}
