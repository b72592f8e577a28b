"use client";
// "Send later": a local date and time, flagged as soon as it is picked if it has passed (the server refuses it too:
// lib/batches/batch-settings.ts). The server gets an absolute time in the hidden `scheduledAt`. Kept apart so the
// time policy (which zone the field is entered in) changes one component.
import { Field, Input } from "@/components/ui/field";
import { SCHEDULE_GRACE_MS } from "@/lib/batches/batch-settings";

export const PAST_SCHEDULE = "This time has passed. Choose a later time, or leave it empty to send now.";

/** The instant a datetime-local value stands for (in the browser's zone), or null when empty or unreadable. */
export function scheduleInstant(local: string): Date | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function isPast(local: string, now = Date.now()): boolean {
  const at = scheduleInstant(local);
  return at !== null && at.getTime() < now - SCHEDULE_GRACE_MS;
}

export function ScheduleField({
  value,
  onChange,
  past,
  errors,
}: {
  value: string;
  /** The new value, and whether it has passed (checked when picked: rendering reads no clock). */
  onChange: (value: string, past: boolean) => void;
  past: boolean;
  errors?: string[] | undefined;
}) {
  const at = scheduleInstant(value);
  return (
    <>
      <Field
        label="Send later (optional)"
        hint="In your time zone. Leave empty to send now."
        errors={past ? [PAST_SCHEDULE] : errors}
        className="max-w-xs"
      >
        {(ids) => (
          <Input
            {...ids}
            type="datetime-local"
            value={value}
            onChange={(e) => onChange(e.target.value, isPast(e.target.value))}
          />
        )}
      </Field>
      <input type="hidden" name="scheduledAt" value={at ? at.toISOString() : ""} />
    </>
  );
}
