"use client";

// The organisation's time zone: every time in the console, the overview's days and the batch charts' hours follow it,
// and "send later" is typed in it. The list is the server's (its Intl knows these zones), so what is offered can be
// stored.
import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";
import { zoneDescription } from "@/lib/time/format";

export function TimeZoneForm({
  current,
  zones,
  action,
}: {
  current: string;
  zones: string[];
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [zone, setZone] = useState(current);
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3 text-sm">
      <SelectField
        label="Time zone"
        errors={errors.timeZone}
        hint={zoneDescription(zone)}
        fieldClassName="min-w-64"
        name="timeZone"
        value={zone}
        onChange={(e) => setZone(e.target.value)}
      >
        {(zones.includes(current) ? zones : [current, ...zones]).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="primary" size="sm" disabled={pending || zone === current}>
        {pending ? "Saving…" : "Save time zone"}
      </Button>
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
