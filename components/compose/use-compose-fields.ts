"use client";
// Compose's fields and the draft they make (compose-draft.ts), split from compose-form.tsx (issue 37: no component
// over 250 lines). Every field is controlled: React resets uncontrolled fields after a form action, and an operator
// whose batch was refused must find everything they typed still there to correct. A kept draft fills them in; a link
// naming another template or list (than the draft was started from) starts those fields from what it names.
import { useMemo, useState } from "react";
import type { Draft } from "./compose-draft";
import type { DuplicateChoice } from "./duplicate-fields";
import { initialEscalation, type Escalation } from "./escalation-fields";
import type { ListChoice } from "./list-source";
import type { Kind, TemplateChoice } from "./message-fields";
import { initialOptions, type ComposeAccount, type Options } from "./options-fields";
import type { Source } from "./recipient-fields";
import type { BudgetChoice } from "./budget-line";
import { guessLanguageColumn, noLanguages, templateLanguages, type Languages } from "./languages";

export function useComposeFields({
  draft,
  accounts,
  lists,
  templates,
  initialListId,
  initialTemplateId,
}: {
  draft: Draft | null;
  accounts: ComposeAccount[];
  lists: ListChoice[];
  templates: TemplateChoice[];
  initialListId: string | undefined;
  initialTemplateId: string | undefined;
}) {
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
  // A template's texts in other languages come with it (its column found by name in the list, as adding one does);
  // the operator confirms the mapping (languages.ts). The draft keeps what was made of them.
  const columnIn = (id: string) => guessLanguageColumn(lists.find((l) => l.id === id)?.columns ?? []);
  const [languages, setLanguages] = useState<Languages>(() =>
    initialTemplate && !draftMessage
      ? templateLanguages(initialTemplate.variants, columnIn(draftList?.id ?? initialList?.id ?? lists[0]?.id ?? ""))
      : (draft?.languages ?? noLanguages),
  );
  function chooseTemplate(template: TemplateChoice) {
    setKind(template.kind);
    setMessage(template.body);
    setLanguages(templateLanguages(template.variants, languages.column || columnIn(listId)));
  }
  return {
    from,
    chooseTemplate,
    ...{ kind, setKind, message, setMessage, source, setSource, listId, setListId, numbers, setNumbers },
    ...{ options, setOptions, schedule, setSchedule, escalation, setEscalation, budget, setBudget },
    ...{ language, setLanguage, languages, setLanguages },
  };
}

export type ComposeFields = ReturnType<typeof useComposeFields>;

/** The draft these fields make, with the duplicate guard's choice; a new object only when a field changes. */
export function useKeptDraft(fields: ComposeFields, duplicates: DuplicateChoice): Draft {
  const { from, kind, message, source, listId, numbers, options, schedule, escalation, budget, language, languages } =
    fields;
  return useMemo<Draft>(
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
      languages,
      duplicates,
    }),
    // `from` is the page's URL, fixed for this form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      kind,
      message,
      source,
      listId,
      numbers,
      options,
      schedule.local,
      escalation,
      budget,
      language,
      languages,
      duplicates,
    ],
  );
}
