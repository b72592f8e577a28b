"use client";
// Compose: the message (message-fields.tsx), who it goes to (recipient-fields.tsx, and who is left out for having
// had this text recently: duplicate-fields.tsx), how it is sent (options-fields.tsx, schedule-field.tsx, and the call
// for whoever the SMS does not reach: escalation-fields.tsx), the plan
// (send-plan.tsx, plan-figures.ts, use-plan.ts, use-pasted-numbers.ts, use-duplicates.ts) and, before anything is
// sent, the review (review.tsx, review-view.ts). Nothing is sent from the form itself: it has no submit button while editing (Enter in a field
// sends nothing), "Send…" checks the form with the server's own schema and opens the review, and only the review's
// button — naming the count — submits. A refusal from the server brings the form back with every field as typed.
import { useActionState, useMemo, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTimeZone } from "@/components/time/time-zone-provider";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/auth/action";
import { composeListSchema, composeSchema } from "@/lib/batches/compose-schema";
import { DEFAULT_PROMOTIONAL_WINDOW, minuteLabel, type PromotionalWindow } from "@/lib/compose/promotional-window";
import { zoneLabel } from "@/lib/time/format";
import { localFieldToInstant } from "@/lib/time/local-input";
import type { ListChoice } from "./list-source";
import { MessageFields, type Kind, type TemplateChoice } from "./message-fields";
import { initialOptions, OptionsFields, type ComposeAccount, type Options } from "./options-fields";
import { RecipientFields, type Source } from "./recipient-fields";
import { DuplicateFields } from "./duplicate-fields";
import { EscalationFields, initialEscalation, type Escalation } from "./escalation-fields";
import { worstCaseEscalation } from "@/lib/escalation/worst-case";
import { Review } from "./review";
import { reviewView } from "./review-view";
import { isPast, ScheduleField, scheduleInstant } from "./schedule-field";
import { planFigures } from "./plan-figures";
import { SendPlanView } from "./send-plan";
import { useListPlan } from "./use-plan";
import { useDuplicateGuard } from "./use-duplicates";
import { usePastedNumbers } from "./use-pasted-numbers";
import { BudgetLine, type BudgetChoice } from "./budget-line";
import { VoiceLanguageField, type AccountLanguages } from "./voice-language-field";
import { budgetView, type AccountUnits } from "@/lib/units/budget-view";
import { nobodySentence } from "@/lib/compose/send-summary";
import { formatCost } from "@/lib/compose/cost";
import { isEmptyDraft, type Draft } from "./compose-draft";
import { DraftLine } from "./draft-line";
import { useDraftSaving } from "./use-draft-saving";
import { useLiveUnits } from "./use-live-units";

export type { TemplateChoice } from "./message-fields";

type Errors = Record<string, string[] | undefined>;

export function ComposeForm({
  accounts,
  lists,
  templates = [],
  initialListId,
  initialTemplateId,
  promotionalWindow = DEFAULT_PROMOTIONAL_WINDOW,
  units = {},
  canOverrideBudget = false,
  languages = {},
  action,
  draft = null,
  draftKey,
  onDiscard,
}: {
  /** The draft kept in this browser (compose-draft.ts), restored into the fields; null when there is none. */
  draft?: Draft | null;
  /** Where the draft is kept; undefined until the page runs in the browser (nothing is kept before). */
  draftKey?: string | undefined;
  /** "Discard draft": empties the kept draft and the form. */
  onDiscard?: () => void;
  /** Each budgeted account's units (lib/units/units-figures.ts); an account absent here has none recorded. */
  units?: Record<string, AccountUnits>;
  /** An administrator may send a batch over the units budget, with a reason. */
  canOverrideBudget?: boolean;
  /** Each account's voice language field and values, when an administrator named them (Settings → Voice language). */
  languages?: Record<string, AccountLanguages>;
  /** The organisation's window for promotional batches (Settings). */
  promotionalWindow?: PromotionalWindow;
  accounts: ComposeAccount[];
  lists: ListChoice[];
  templates?: TemplateChoice[];
  initialListId?: string | undefined;
  initialTemplateId?: string | undefined;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  // Every field is controlled: React resets uncontrolled fields after a form action, and an operator whose batch
  // was refused must find everything they typed still there to correct.
  // A kept draft fills them in; a link naming another template or list (than the draft was started from) starts
  // those fields from what it names.
  const from = { list: initialListId ?? null, template: initialTemplateId ?? null };
  const initialTemplate = templates.find((t) => t.id === initialTemplateId);
  const draftMessage = draft && draft.from.template === from.template ? draft : null;
  const [kind, setKind] = useState<Kind>(draftMessage?.kind ?? initialTemplate?.kind ?? "SMS");
  const [message, setMessage] = useState(draftMessage?.message ?? initialTemplate?.body ?? "");
  const initialList = lists.find((list) => list.id === initialListId);
  const draftList = draft && draft.from.list === from.list ? lists.find((l) => l.id === draft.listId) : undefined;
  const [source, setSource] = useState<Source>(
    draft && draft.from.list === from.list ? draft.source : initialList ? "list" : "numbers",
  );
  const [listId, setListId] = useState(draftList?.id ?? initialList?.id ?? lists[0]?.id ?? "");
  const [numbers, setNumbers] = useState(draft?.numbers ?? "");
  const [options, setOptions] = useState<Options>(() =>
    draft && accounts.some((a) => a.id === draft.options.accountId) ? draft.options : initialOptions(accounts[0]),
  );
  const [schedule, setSchedule] = useState({ local: draft?.schedule ?? "", past: false });
  const [escalation, setEscalation] = useState<Escalation>(draft?.escalation ?? initialEscalation);
  const [budget, setBudget] = useState<BudgetChoice>(draft?.budget ?? { override: false, reason: "" });
  const [language, setLanguage] = useState(draft?.language ?? "");
  const timeZone = useTimeZone();
  // The review is open for the result it was opened after: a new result (a refusal) closes it, with no effect.
  const [review, setReview] = useState<{ after: ActionResult | null } | null>(null);
  const [checked, setChecked] = useState<{ after: ActionResult | null; errors: Errors; problem: string | null }>();

  const account = accounts.find((a) => a.id === options.accountId);
  const promotionalHours = `${minuteLabel(promotionalWindow.startMinute)}–${minuteLabel(promotionalWindow.endMinute)} ${zoneLabel(timeZone)}`;
  const list = lists.find((l) => l.id === listId);
  const pasted = usePastedNumbers(numbers, source === "numbers");
  const listPlan = useListPlan({ enabled: source === "list", listId, account, kind, text: message });
  const plan = listPlan.plan;
  const text = message.trim();
  const resent = useDuplicateGuard({ source, listId, pasted, text, initialChoice: draft?.duplicates });
  const reviewing = review !== null && review.after === result;
  const serverErrors: Errors = result?.ok === false ? (result.fieldErrors ?? {}) : {};
  const fresh = checked && checked.after === result ? checked : null;
  const errors: Errors = fresh ? fresh.errors : serverErrors;

  const figures = planFigures({
    source,
    kind,
    message,
    account,
    list,
    plan,
    pasted,
    scheduled: schedule.local !== "",
    resent: resent.resent,
  });
  const { listRefusal, perRecipient, planView, summary, sendCount } = figures;
  // Numbers given, all of them skipped: Send is disabled, and this says why (issue 35: "Send to 0 recipients…").
  const nobody = summary && summary.given > 0 && summary.send === 0 ? nobodySentence(summary) : null;
  const escalateAfter = kind === "SMS" && escalation.on ? Number(escalation.minutes) : NaN;
  const escalationPlan =
    planView && Number.isInteger(escalateAfter) ? worstCaseEscalation(planView, escalateAfter) : null;
  const liveUnits = useLiveUnits(account?.id, units);
  const accountUnits = liveUnits.units;
  // Escalation's worst case counts against the units as the server counts it (lib/batches/create-batch.ts).
  const budgetLine =
    accountUnits && planView ? budgetView(accountUnits, planView.units + (escalationPlan?.voiceUnits ?? 0)) : null;
  const accountLanguages = account ? languages[account.id] : undefined;

  // The batch being sent: from the review's submit until the server answers (a refusal is a new result).
  const [submitted, setSubmitted] = useState<{ after: ActionResult | null } | null>(null);
  const sending = submitted !== null && submitted.after === result;
  const kept = useMemo<Draft>(
    () => ({
      version: 1,
      from,
      kind,
      message,
      source,
      listId,
      numbers,
      options,
      schedule: schedule.local,
      escalation,
      budget,
      language,
      duplicates: resent.choice,
    }),
    // `from` is the page's URL, fixed for this form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, message, source, listId, numbers, options, schedule.local, escalation, budget, language, resent.choice],
  );
  const keptAs = useDraftSaving(draftKey, kept, sending);

  /**
   * Send…: the server's own schema first, then what only the browser knows; the review opens when all is well. The
   * account's units are read again first (units recorded in another tab count; the server checks them once more).
   */
  async function openReview() {
    if (!form.current) return;
    const fresh = await liveUnits.refresh();
    const freshBudget =
      fresh && planView ? budgetView(fresh, planView.units + (escalationPlan?.voiceUnits ?? 0)) : budgetLine;
    const data: Record<string, unknown> = Object.fromEntries(new FormData(form.current));
    // As the action reads it: the typed local time in the organisation's zone.
    data.scheduledAt = localFieldToInstant(data.scheduledAt, timeZone);
    const parsed = (source === "list" ? composeListSchema : composeSchema).safeParse(data);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) (found[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    if (source === "numbers" && pasted.check.typed > 0 && pasted.check.phones.length === 0)
      found.recipients = ["None of these numbers is valid: see the lines below."];
    const past = isPast(schedule.local, timeZone);
    if (past !== schedule.past) setSchedule({ ...schedule, past });
    const problem =
      kind === "SMS" && account && account.senders.length === 0
        ? `The account “${account.name}” has no sender ID set up: an administrator adds one in Settings.`
        : source === "list" && listRefusal
          ? listRefusal
          : source === "numbers" && pasted.tooMany
            ? "Too many numbers to paste: upload them as a list."
            : freshBudget && !freshBudget.fits && !(canOverrideBudget && budget.override)
              ? `${freshBudget.sentence} The batch does not fit the account's units.`
              : null;
    setChecked({ after: result, errors: found, problem });
    if (Object.keys(found).length === 0 && problem === null) setReview({ after: result });
  }

  function guard(event: FormEvent<HTMLFormElement>) {
    // Only the review's button submits; anything else that would (an Enter a browser maps to submit) sends nothing.
    if (!reviewing || summary === null) event.preventDefault();
    else setSubmitted({ after: result });
  }

  const view = reviewView({
    kind,
    message,
    options,
    account,
    source,
    list,
    plan,
    pasted,
    figures,
    start: scheduleInstant(schedule.local, timeZone),
    promotionalHours,
    promotionalWindow,
    resentReason: resent.reason,
  });
  // The escalation's calls may cost too: at most one voice unit a call, if every call is made — an upper bound,
  // labelled as one (issue 35: the cost left them out).
  if (escalationPlan && escalationPlan.voiceUnits > 0) {
    const calls = account?.price ? formatCost(escalationPlan.voiceUnits, account.price) : null;
    view.escalationCost = `up to ${escalationPlan.voiceUnits.toLocaleString("en")} voice unit(s)${calls ? `, ${calls.replace(/ \(.*\)$/, "")}` : ""} more if every call is made (at most)`;
  }
  if (escalationPlan)
    view.escalation = `Calls whoever's SMS is not delivered within ${escalationPlan.minutes} minutes, once each: at most ${escalationPlan.calls.toLocaleString("en")} call(s), ${escalationPlan.voiceUnits.toLocaleString("en")} voice unit(s).`;

  return (
    <form ref={form} action={formAction} onSubmit={guard} noValidate className="max-w-3xl space-y-5">
      <div hidden={reviewing} className="space-y-5">
        {draftKey && !isEmptyDraft(kept) ? (
          <DraftLine
            kept={keptAs.kept}
            restored={draft !== null}
            onDiscard={
              onDiscard &&
              (() => {
                keptAs.forget();
                onDiscard();
              })
            }
          />
        ) : null}
        <MessageFields
          kind={kind}
          onKind={setKind}
          message={message}
          onMessage={setMessage}
          templates={templates}
          perRecipient={perRecipient}
          errors={errors.templateText}
        />
        <OptionsFields
          kind={kind}
          accounts={accounts}
          options={options}
          onOptions={setOptions}
          errors={errors}
          promotionalHours={promotionalHours}
        />
        {kind === "VOICE" && accountLanguages ? (
          <VoiceLanguageField
            languages={accountLanguages}
            value={language}
            onValue={setLanguage}
            text={message}
            errors={errors.language}
          />
        ) : null}
        {kind === "SMS" ? (
          <EscalationFields escalation={escalation} onEscalation={setEscalation} errors={errors} />
        ) : null}
        <RecipientFields
          source={source}
          onSource={setSource}
          lists={lists}
          listId={listId}
          onListId={setListId}
          text={numbers}
          onText={setNumbers}
          pasted={pasted}
          errors={errors}
        />
        <DuplicateFields
          found={resent.found}
          question={resent.question}
          choice={resent.choice}
          onChoice={resent.setChoice}
          errors={errors.duplicateReason}
        />
        {/* The numbers the server is sent: the valid ones, once each (the review says which were left out). */}
        {source === "numbers" ? <input type="hidden" name="recipients" value={pasted.check.phones.join("\n")} /> : null}
        <ScheduleField
          value={schedule.local}
          past={schedule.past}
          onChange={(local, past) => setSchedule({ local, past })}
          errors={errors.scheduledAt}
        />
        {listRefusal ? <Notice tone="error">{listRefusal}</Notice> : null}
        {listPlan.error ? <Notice tone="error">{listPlan.error.message}</Notice> : null}
        {planView ? (
          <SendPlanView
            plan={planView}
            scheduledAt={scheduleInstant(schedule.local, timeZone)}
            promotional={options.promotional ? { window: promotionalWindow, hours: promotionalHours } : null}
            escalation={escalationPlan}
          />
        ) : null}
        <BudgetLine
          view={budgetLine}
          canOverride={canOverrideBudget}
          choice={budget}
          onChoice={setBudget}
          errors={{ overrideBudget: errors.overrideBudget, budgetReason: errors.budgetReason }}
        />
        {fresh?.problem ? <Notice tone="error">{fresh.problem}</Notice> : null}
        {fresh && Object.keys(fresh.errors).length > 0 ? (
          <Notice tone="error">Check the fields marked above: nothing was sent.</Notice>
        ) : (
          <ActionNotice result={result} listFields />
        )}
        {nobody ? (
          <div data-testid="nobody">
            <Notice tone="warning">{nobody}</Notice>
          </div>
        ) : null}
        <Button
          variant="primary"
          onClick={() => void openReview()}
          // Until the page is interactive the button could do nothing: it says so by being disabled. With everyone
          // skipped there is nothing to review (the sentence above says why).
          disabled={!hydrated || nobody !== null || (source === "numbers" ? pasted.tooMany : listRefusal !== null)}
        >
          {schedule.local ? "Schedule for" : "Send to"} {sendCount.toLocaleString("en")} recipient
          {sendCount === 1 ? "" : "s"}…
        </Button>
      </div>
      {reviewing ? <Review view={view} pending={pending} onBack={() => setReview(null)} /> : null}
    </form>
  );
}
