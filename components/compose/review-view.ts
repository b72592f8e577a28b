// What the review states (review.tsx), from Compose's fields and the plan's figures (plan-figures.ts). Pure.
import { formatCost } from "@/lib/compose/cost";
import type { PromotionalWindow } from "@/lib/compose/promotional-window";
import { segmentRange } from "@/lib/compose/segment-range";
import type { ListChoice } from "./list-source";
import type { Kind } from "./message-fields";
import type { ComposeAccount, Options } from "./options-fields";
import type { PlanFigures } from "./plan-figures";
import type { Source } from "./recipient-fields";
import type { ReviewView } from "./review";
import type { PastedNumbers } from "./use-pasted-numbers";

import { formatCount } from "@/lib/numbers/format";
export function reviewView({
  kind,
  message,
  options,
  account,
  source,
  list,
  pasted,
  figures,
  start,
  promotionalHours,
  promotionalWindow,
  resentReason,
}: {
  promotionalHours: string;
  promotionalWindow: PromotionalWindow;
  resentReason: string | null;
  kind: Kind;
  message: string;
  options: Options;
  account: ComposeAccount | undefined;
  source: Source;
  list: ListChoice | undefined;
  pasted: PastedNumbers;
  figures: PlanFigures;
  start: Date | null;
}): ReviewView {
  const { personalised, planView, summary } = figures;
  return {
    name: options.name.trim(),
    kind,
    accountName: account?.name ?? "",
    from:
      kind === "SMS"
        ? options.sender
        : `${options.originator}, ${options.voice === "2" ? "male" : "female"} voice, said ${options.repeat} time(s)`,
    message: message.trim(),
    // The first recipient who will get it (plan-figures.ts leaves out the opted out and the guard's).
    example: personalised ? (planView?.previews[0]?.text ?? null) : null,
    recipients:
      source === "list"
        ? `The list “${list?.name ?? ""}”: ${listRows(list)}`
        : `${formatCount(pasted.check.typed)} number${pasted.check.typed === 1 ? "" : "s"} typed`,
    summary,
    units: kind === "SMS" ? (planView?.units ?? null) : null,
    segments: kind === "SMS" && planView ? segmentRange(planView.segments ?? {}) || null : null,
    cost: kind === "SMS" && account?.price && planView && summary ? formatCost(planView.units, account.price) : null,
    seconds: planView?.seconds ?? null,
    start,
    promotional: options.promotional ? promotionalHours : null,
    promotionalWindow: options.promotional ? promotionalWindow : null,
    resentReason,
    optedOut: source === "numbers" ? (pasted.optedOut ?? []).map((o) => o.phone) : [],
    problem: summary && summary.send === 0 ? "Nobody to send to: every number is skipped." : null,
  };
}

/** "1,981 rows with a number, 19 without": a row with an empty phone cell is not a row with a number (issue 35). */
export function listRows(list: ListChoice | undefined): string {
  if (!list) return "0 rows with a number";
  const without = list.withoutNumber ?? 0;
  const withNumber = list.validCount + list.invalidCount + list.duplicateCount - without;
  return `${formatCount(withNumber)} row${withNumber === 1 ? "" : "s"} with a number${without > 0 ? `, ${formatCount(without)} without` : ""}`;
}
