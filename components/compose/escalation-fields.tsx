"use client";
// SMS → voice escalation in Compose (docs/escalation.md): "if not delivered within N minutes, call the number" — with
// the SMS's own text or a script of its own, a voice and a repeat count. Its fields are in the form only when it is
// on, so an SMS batch without it sends none of them (the schema refuses a call's options without the minutes).
import { Checkbox } from "@/components/ui/checkbox";
import { InputField, TextareaField } from "@/components/ui/field";
import { ESCALATE_MAX_MINUTES, ESCALATE_MIN_MINUTES } from "@/lib/batches/escalation-settings";
import { VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";
import { formatCount } from "@/lib/numbers/format";
import { VoiceCallFields } from "./voice-call-fields";

export type Escalation = {
  on: boolean;
  minutes: string;
  /** The call reads its own script rather than the SMS's text. */
  ownScript: boolean;
  script: string;
  voice: string;
  repeat: string;
};

export const initialEscalation: Escalation = {
  on: false,
  minutes: "30",
  ownScript: false,
  script: "",
  voice: "1",
  repeat: "1",
};

export function EscalationFields({
  escalation,
  onEscalation,
  errors,
}: {
  escalation: Escalation;
  onEscalation: (escalation: Escalation) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const set = (patch: Partial<Escalation>) => onEscalation({ ...escalation, ...patch });
  return (
    <div className="space-y-3" data-testid="escalation">
      <Checkbox checked={escalation.on} onChecked={(on) => set({ on })}>
        Call whoever the SMS does not reach
        <span className="block text-xs text-slate-500">
          A recipient whose SMS is not delivered in time gets one voice call; a delivery that comes first cancels it.
        </span>
      </Checkbox>
      {escalation.on ? (
        <div className="space-y-3 border-l-2 border-slate-200 pl-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField
              label="Call if not delivered within (minutes)"
              hint={`${ESCALATE_MIN_MINUTES} to ${formatCount(ESCALATE_MAX_MINUTES)}.`}
              errors={errors.escalateAfterMinutes}
              name="escalateAfterMinutes"
              type="number"
              min={ESCALATE_MIN_MINUTES}
              max={ESCALATE_MAX_MINUTES}
              value={escalation.minutes}
              onChange={(e) => set({ minutes: e.target.value })}
            />
            <VoiceCallFields
              names={{ voice: "escalationVoice", repeat: "escalationRepeat" }}
              labels={{ voice: "Call voice", repeat: "Call repeat" }}
              voice={escalation.voice}
              repeat={escalation.repeat}
              errors={errors}
              onChange={set}
            />
          </div>
          <Checkbox checked={escalation.ownScript} onChecked={(ownScript) => set({ ownScript })}>
            The call reads its own script (otherwise it reads the SMS)
          </Checkbox>
          {escalation.ownScript ? (
            <TextareaField
              label="Call script"
              errors={errors.escalationText}
              name="escalationText"
              rows={3}
              maxLength={VOICE_MESSAGE_MAX_CHARS}
              value={escalation.script}
              onChange={(e) => set({ script: e.target.value })}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
