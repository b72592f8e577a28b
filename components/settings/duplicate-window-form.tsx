"use client";

// The duplicate-send guard's window (lib/batches/duplicate-guard.ts): recipients sent the same text within it are left
// out of a new batch unless the operator includes them with a reason.
import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

export function DuplicateWindowForm({
  current,
  action,
}: {
  current: number;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const [hours, setHours] = useState(String(current));
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3 text-sm">
      {/* Disabled until React runs the form: a value typed into the server's HTML would be reset by hydration. */}
      <fieldset disabled={!hydrated} className="contents">
        <Field label="Duplicate-send window (hours)" errors={errors.hours} className="w-64">
          {(ids) => (
            <Input
              {...ids}
              name="hours"
              type="number"
              min={1}
              max={720}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <Button type="submit" variant="primary" size="sm" disabled={pending || hours === String(current)}>
        {pending ? "Saving…" : "Save window"}
      </Button>
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
