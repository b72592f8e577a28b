// What Compose checks when "Send…" is pressed, before the review opens (split from compose-form.tsx, issue 37): the
// server's own schema first, then what only the browser knows — an account without a sender ID, a list the plan
// refused, too many pasted numbers, a batch over the units budget (read again first: units recorded in another tab
// count; the server checks them once more). Returns the field errors and the one problem sentence, if any.
import { composeListSchema, composeSchema } from "@/lib/batches/compose-schema";
import type { EscalationPlan } from "@/lib/escalation/worst-case";
import { localFieldToInstant } from "@/lib/time/local-input";
import { budgetView, type AccountUnits, type BudgetView } from "@/lib/units/budget-view";
import type { BudgetChoice } from "./budget-line";
import type { Kind } from "./message-fields";
import type { ComposeAccount } from "./options-fields";
import type { Source } from "./recipient-fields";
import type { PastedNumbers } from "./use-pasted-numbers";

export type Errors = Record<string, string[] | undefined>;

export function reviewCheck({
  data,
  timeZone,
  source,
  kind,
  account,
  pasted,
  listRefusal,
  units,
  planUnits,
  escalation,
  budgetLine,
  canOverrideBudget,
  budget,
  languagesProblem = null,
}: {
  /** The form's fields as submitted. */
  data: Record<string, unknown>;
  timeZone: string;
  source: Source;
  kind: Kind;
  account: ComposeAccount | undefined;
  pasted: PastedNumbers;
  listRefusal: string | null;
  /** The account's units as just read again (null when unknown). */
  units: AccountUnits | null;
  /** The plan's SMS units, when there is a plan. */
  planUnits: number | null;
  escalation: EscalationPlan | null;
  budgetLine: BudgetView | null;
  canOverrideBudget: boolean;
  budget: BudgetChoice;
  /** A batch in languages not ready to send (languages.ts languagesProblem). */
  languagesProblem?: string | null;
}): { errors: Errors; problem: string | null } {
  const freshBudget =
    units && planUnits !== null ? budgetView(units, planUnits + (escalation?.voiceUnits ?? 0)) : budgetLine;
  // As the action reads it: the typed local time in the organisation's zone.
  const parsed = (source === "list" ? composeListSchema : composeSchema).safeParse({
    ...data,
    scheduledAt: localFieldToInstant(data.scheduledAt, timeZone),
  });
  const errors: Errors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      // A variant's field is named in full (variants.1.text), as the server names it: language-fields.tsx shows it there.
      const field = issue.path[0] === "variants" ? issue.path.join(".") : String(issue.path[0] ?? "form");
      (errors[field] ??= []).push(issue.message);
    }
  if (source === "numbers" && pasted.check.typed > 0 && pasted.check.phones.length === 0)
    errors.recipients = ["None of these numbers is valid: see the lines below."];
  const problem =
    kind === "SMS" && account && account.senders.length === 0
      ? `The account “${account.name}” has no sender ID set up: an administrator adds one in Settings.`
      : source === "list" && listRefusal
        ? listRefusal
        : source === "list" && languagesProblem
          ? languagesProblem
          : source === "numbers" && pasted.tooMany
            ? "Too many numbers to paste: upload them as a list."
            : freshBudget && !freshBudget.fits && !(canOverrideBudget && budget.override)
              ? `${freshBudget.sentence} The batch does not fit the account's units.`
              : null;
  return { errors, problem };
}
