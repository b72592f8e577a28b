"use client";
// "Send later": a local date and time in the organisation's zone (the form says which), flagged as soon as it is picked
// if it has passed (the server refuses it too: lib/batches/batch-settings.ts). The field posts the local text as
// typed; Compose's action reads it in the organisation's zone (lib/time/local-input.ts), never in the browser's.
import { useTimeZone } from "@/components/time/time-zone-provider";
import { InputField } from "@/components/ui/field";
import { SCHEDULE_GRACE_MS } from "@/lib/batches/batch-settings";
import { zoneDescription } from "@/lib/time/format";
import { parseLocalDateTime } from "@/lib/time/local-input";

export const PAST_SCHEDULE = "This time has passed. Choose a later time, or leave it empty to send now.";

/** The instant a datetime-local value stands for in `timeZone`, or null when empty or unreadable. */
export function scheduleInstant(local: string, timeZone: string): Date | null {
  return local ? parseLocalDateTime(local, timeZone) : null;
}

export function isPast(local: string, timeZone: string, now = Date.now()): boolean {
  const at = scheduleInstant(local, timeZone);
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
  const timeZone = useTimeZone();
  return (
    <InputField
      label="Send later (optional)"
      hint={`In ${zoneDescription(timeZone)}, the organisation's time zone. Leave empty to send now.`}
      errors={past ? [PAST_SCHEDULE] : errors}
      fieldClassName="max-w-xs"
      type="datetime-local"
      name="scheduledAt"
      value={value}
      onChange={(e) => onChange(e.target.value, isPast(e.target.value, timeZone))}
    />
  );
}
