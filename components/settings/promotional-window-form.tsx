"use client";

// The window promotional batches send in (lib/compose/promotional-window.ts), in the organisation's time zone; a start
// after the end spans midnight. Transactional batches ignore it.
import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

export function PromotionalWindowForm({
  start,
  end,
  action,
}: {
  start: string;
  end: string;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const [from, setFrom] = useState(start);
  const [to, setTo] = useState(end);
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
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
      <Button type="submit" variant="primary" size="sm" disabled={pending || (from === start && to === end)}>
        {pending ? "Saving…" : "Save window"}
      </Button>
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
