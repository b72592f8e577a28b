"use client";

// The organisation's time zone: every time in the console, the overview's days and the batch charts' hours follow it,
// and "send later" is typed in it. The list is the server's (its Intl knows these zones), so what is offered can be
// stored.
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { SelectField } from "@/components/ui/field";
import { zoneDescription } from "@/lib/time/format";

export function TimeZoneForm({ current, zones, action }: { current: string; zones: string[]; action: FormAction }) {
  const { state, formAction, errors } = useActionForm(action);
  const [zone, setZone] = useState(current);
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
      <SubmitButton busy="Saving…" variant="primary" size="sm" disabled={zone === current} label="Save time zone" />
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
