"use client";
// Compose: the message (message-fields.tsx), who it goes to (recipient-fields.tsx, and who is left out for having
// had this text recently: duplicate-fields.tsx), how it is sent (options-fields.tsx, schedule-field.tsx, and the call
// for whoever the SMS does not reach: escalation-fields.tsx), the plan (send-plan.tsx, plan-figures.ts, use-plan.ts,
// use-pasted-numbers.ts, use-duplicates.ts) and, before anything is sent, the review (review.tsx, review-view.ts).
// The fields and their draft are use-compose-fields.ts; what "Send…" checks, review-check.ts. Nothing is sent from
// the form itself: it has no submit button while editing (Enter in a field sends nothing), "Send…" (send-button.tsx)
// checks the form with the server's own schema and opens the review, and only the review's button — naming the
// count — submits. A refusal from the server brings the form back with every field as typed.
import { useRef, useState, type FormEvent } from "react";
import { useActionForm } from "@/components/ui/use-action-form";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTimeZone } from "@/components/time/time-zone-provider";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/auth/action";
import { DEFAULT_PROMOTIONAL_WINDOW, minuteLabel } from "@/lib/compose/promotional-window";
import { zoneLabel } from "@/lib/time/format";
import { MessageFields } from "./message-fields";
import { OptionsFields } from "./options-fields";
import { RecipientFields } from "./recipient-fields";
import { DuplicateFields } from "./duplicate-fields";
import { EscalationFields } from "./escalation-fields";
import { escalationView } from "./escalation-view";
import { worstCaseEscalation } from "@/lib/escalation/worst-case";
import { Review } from "./review";
import { reviewView } from "./review-view";
import { isPast, ScheduleField, scheduleInstant } from "./schedule-field";
import { planFigures } from "./plan-figures";
import { SendPlanView } from "./send-plan";
import { useListPlan } from "./use-plan";
import { useDuplicateGuard } from "./use-duplicates";
import { usePastedNumbers } from "./use-pasted-numbers";
import { BudgetLine } from "./budget-line";
import { VoiceLanguageField } from "./voice-language-field";
import { budgetView } from "@/lib/units/budget-view";
import { nobodySentence } from "@/lib/compose/send-summary";
import { isEmptyDraft } from "./compose-draft";
import { reviewCheck, type Errors } from "./review-check";
import { useComposeFields, useKeptDraft } from "./use-compose-fields";
import type { ComposeFormProps } from "./compose-form-props";
import { DraftLine } from "./draft-line";
import { SendButton } from "./send-button";
import { useDraftSaving } from "./use-draft-saving";
import { useLiveUnits } from "./use-live-units";
import { LanguageFields } from "./language-fields";
import { duplicatesLanguages, inLanguages, languagesProblem, planInLanguages, reviewLanguages } from "./languages";
import { useLanguagePlan } from "./use-language-plan";

export type { TemplateChoice } from "./message-fields";
export type { ComposeFormProps } from "./compose-form-props";

export function ComposeForm({
  accounts,
  lists,
  templates = [],
  initialListId,
  initialTemplateId,
  promotionalWindow = DEFAULT_PROMOTIONAL_WINDOW,
  units = {},
  canOverrideBudget = false,
  languages: voiceLanguages = {},
  action,
  draft = null,
  draftKey,
  onDiscard,
}: ComposeFormProps) {
  const { state: result, formAction, pending, errors: serverErrors } = useActionForm(action);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const fields = useComposeFields({ draft, accounts, lists, templates, initialListId, initialTemplateId });
  const { kind, setKind, message, setMessage, source, setSource, listId, setListId, numbers, setNumbers } = fields;
  const { options, setOptions, schedule, setSchedule, escalation, setEscalation, budget, setBudget } = fields;
  const { language, setLanguage, languages, setLanguages, chooseTemplate } = fields;
  const timeZone = useTimeZone();
  // The review is open for the result it was opened after: a new result (a refusal) closes it, with no effect.
  const [review, setReview] = useState<{ after: ActionResult | null } | null>(null);
  const [checked, setChecked] = useState<{ after: ActionResult | null; errors: Errors; problem: string | null }>();

  const account = accounts.find((a) => a.id === options.accountId);
  const promotionalHours = `${minuteLabel(promotionalWindow.startMinute)}–${minuteLabel(promotionalWindow.endMinute)} ${zoneLabel(timeZone)}`;
  const list = lists.find((l) => l.id === listId);
  const pasted = usePastedNumbers(numbers, source === "numbers");
  const listPlan = useListPlan({ enabled: source === "list", listId, account, kind, text: message });
  // In several languages, the plan counts each recipient's own language's text (languages.ts).
  const multilingual = inLanguages(languages, source);
  const languagePlan = useLanguagePlan({ enabled: multilingual, listId, kind, text: message, languages });
  const text = message.trim();
  const guarded = { source, listId, pasted, text, initialChoice: draft?.duplicates };
  // In several languages, the guard compares each recipient on their own language's text (docs/languages.md).
  const resent = useDuplicateGuard({ ...guarded, languages: duplicatesLanguages(multilingual, languages, kind) });
  const found = resent.found?.recipients;
  const plan = multilingual ? planInLanguages(listPlan.plan, languagePlan.plan, kind, found) : listPlan.plan;
  const reviewing = review !== null && review.after === result;
  const fresh = checked && checked.after === result ? checked : null;
  const errors: Errors = fresh ? fresh.errors : serverErrors;

  const figures = planFigures({
    ...{ source, kind, message, account, list, plan, pasted, scheduled: schedule.local !== "" },
    ...{ resent: resent.resent, resentPhones: resent.resentPhones },
  });
  const { listRefusal, perRecipient, planView, summary, sendCount } = figures;
  // Numbers given, all of them skipped: Send is disabled, and this says why (issue 35: "Send to 0 recipients…").
  const nobody = summary && summary.given > 0 && summary.send === 0 ? nobodySentence(summary) : null;
  // The plan's recipients are those sent the text (plan-figures.ts): each may be called.
  const escalateAfter = kind === "SMS" && escalation.on ? Number(escalation.minutes) : NaN;
  const escalationPlan =
    planView && Number.isInteger(escalateAfter)
      ? worstCaseEscalation({ recipients: planView.recipients }, escalateAfter)
      : null;
  const liveUnits = useLiveUnits(account?.id, units);
  const accountUnits = liveUnits.units;
  // Escalation's worst case counts against the units as the server counts it (lib/batches/create-batch.ts).
  const budgetLine =
    accountUnits && planView ? budgetView(accountUnits, planView.units + (escalationPlan?.voiceUnits ?? 0)) : null;
  const accountLanguages = account ? voiceLanguages[account.id] : undefined;

  // The batch being sent: from the review's submit until the server answers (a refusal is a new result).
  const [submitted, setSubmitted] = useState<{ after: ActionResult | null } | null>(null);
  const sending = submitted !== null && submitted.after === result;
  const kept = useKeptDraft(fields, resent.choice);
  const keptAs = useDraftSaving(draftKey, kept, sending);

  /** Send…: the checks (review-check.ts) with the account's units read again; the review opens when all is well. */
  async function openReview() {
    if (!form.current) return;
    const data: Record<string, unknown> = Object.fromEntries(new FormData(form.current));
    const units = (await liveUnits.refresh()) ?? null;
    const past = isPast(schedule.local, timeZone);
    if (past !== schedule.past) setSchedule({ ...schedule, past });
    const found = reviewCheck({
      ...{ data, timeZone, source, kind, account, pasted, listRefusal, units, budgetLine, canOverrideBudget, budget },
      ...{ planUnits: planView?.units ?? null, escalation: escalationPlan },
      languagesProblem: multilingual ? languagesProblem(listId, languages, languagePlan.error) : null,
    });
    setChecked({ after: result, ...found });
    if (Object.keys(found.errors).length === 0 && found.problem === null) setReview({ after: result });
  }

  function guard(event: FormEvent<HTMLFormElement>) {
    // Only the review's button submits; anything else that would (an Enter a browser maps to submit) sends nothing.
    if (!reviewing || summary === null) event.preventDefault();
    else setSubmitted({ after: result });
  }

  const view = reviewView({
    ...{ kind, message, options, account, source, list, pasted, figures, promotionalHours, promotionalWindow },
    ...{ start: scheduleInstant(schedule.local, timeZone), resentReason: resent.reason },
  });
  Object.assign(
    view,
    escalationView(escalationPlan, account),
    reviewLanguages(multilingual, languages, languagePlan.plan),
  );
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
          {...{ kind, message, templates, perRecipient }}
          onKind={setKind}
          onMessage={setMessage}
          onTemplate={chooseTemplate}
          errors={errors.templateText}
        />
        <OptionsFields {...{ kind, accounts, options, errors, promotionalHours }} onOptions={setOptions} />
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
          {...{ source, lists, listId, pasted, errors }}
          onSource={setSource}
          onListId={setListId}
          text={numbers}
          onText={setNumbers}
        />
        {source === "list" ? (
          <LanguageFields
            {...{ kind, list, languages, accountLanguages, errors }}
            onLanguages={setLanguages}
            plan={languagePlan}
          />
        ) : null}
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
            languages={multilingual ? (languagePlan.plan?.plans ?? null) : null}
          />
        ) : null}
        <BudgetLine
          view={budgetLine}
          canOverride={canOverrideBudget}
          choice={budget}
          onChoice={setBudget}
          errors={{ overrideBudget: errors.overrideBudget, budgetReason: errors.budgetReason }}
        />
        <SendButton
          checked={fresh}
          result={result}
          nobody={nobody}
          disabled={!hydrated || (source === "numbers" ? pasted.tooMany : listRefusal !== null)}
          scheduled={schedule.local !== ""}
          count={sendCount}
          onSend={() => void openReview()}
        />
      </div>
      {reviewing ? <Review view={view} pending={pending} onBack={() => setReview(null)} /> : null}
    </form>
  );
}
