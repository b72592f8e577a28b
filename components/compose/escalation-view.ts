// What the review says of SMS → voice escalation (split from compose-form.tsx, issue 37): the calls' worst case in
// words, and what they may cost — at most one voice unit a call, if every call is made: an upper bound, labelled as
// one (issue 35: the cost left them out). Pure.
import { formatCost } from "@/lib/compose/cost";
import type { EscalationPlan } from "@/lib/escalation/worst-case";
import type { ComposeAccount } from "./options-fields";
import type { ReviewView } from "./review";

import { formatCount } from "@/lib/numbers/format";
export function escalationView(
  plan: EscalationPlan | null,
  account: ComposeAccount | undefined,
): Pick<ReviewView, "escalation" | "escalationCost"> {
  if (!plan) return {};
  const calls = account?.price && plan.voiceUnits > 0 ? formatCost(plan.voiceUnits, account.price) : null;
  return {
    escalation: `Calls whoever's SMS is not delivered within ${plan.minutes} minutes, once each: at most ${formatCount(plan.calls)} call(s), ${formatCount(plan.voiceUnits)} voice unit(s).`,
    ...(plan.voiceUnits > 0
      ? {
          escalationCost: `up to ${formatCount(plan.voiceUnits)} voice unit(s)${calls ? `, ${calls.replace(/ \(.*\)$/, "")}` : ""} more if every call is made (at most)`,
        }
      : {}),
  };
}
