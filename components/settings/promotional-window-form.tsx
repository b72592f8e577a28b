"use client";

// The window promotional batches send in (lib/compose/promotional-window.ts), in the organisation's time zone; a start
// after the end spans midnight. Transactional batches ignore it.
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";

export function PromotionalWindowForm({ start, end, action }: { start: string; end: string; action: FormAction }) {
  const { state, formAction, errors } = useActionForm(action);
  const hydrated = useHydrated();
  const [from, setFrom] = useState(start);
  const [to, setTo] = useState(end);
  const unchanged = from === start && to === end;
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3 text-sm">
      {/* Disabled until React runs the form: a value typed into the server's HTML would be reset by hydration. */}
      <fieldset disabled={!hydrated} className="contents">
        <InputField
          label="Promotions from"
          errors={errors.start}
          fieldClassName="w-40"
          name="start"
          type="time"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <InputField
          label="Promotions until"
          errors={errors.end}
          fieldClassName="w-40"
          name="end"
          type="time"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </fieldset>
      <SubmitButton busy="Saving…" variant="primary" size="sm" disabled={unchanged} label="Save window" />
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
