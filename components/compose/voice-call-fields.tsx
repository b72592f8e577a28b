"use client";
// A call's voice and repeat count, the same two fields for a voice batch (options-fields.tsx) and for the call an
// SMS escalates to (escalation-fields.tsx): the provider's voice codes and repeat bounds in one place.
import { SelectField, InputField } from "@/components/ui/field";
import { REPEAT_MAX, REPEAT_MIN } from "@/lib/provider/wire/schemas";

export function VoiceCallFields({
  names,
  labels,
  voice,
  repeat,
  errors,
  onChange,
}: {
  /** The form fields' names (the schema's). */
  names: { voice: string; repeat: string };
  labels: { voice: string; repeat: string };
  voice: string;
  repeat: string;
  errors: Record<string, string[] | undefined>;
  onChange: (patch: { voice?: string; repeat?: string }) => void;
}) {
  return (
    <>
      <SelectField
        label={labels.voice}
        errors={errors[names.voice]}
        name={names.voice}
        value={voice}
        onChange={(e) => onChange({ voice: e.target.value })}
      >
        <option value="1">Female</option>
        <option value="2">Male</option>
      </SelectField>
      <InputField
        label={labels.repeat}
        errors={errors[names.repeat]}
        name={names.repeat}
        type="number"
        min={REPEAT_MIN}
        max={REPEAT_MAX}
        value={repeat}
        onChange={(e) => onChange({ repeat: e.target.value })}
      />
    </>
  );
}
