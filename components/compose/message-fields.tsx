"use client";
// The message: kind, a template to start from, the text with its length against the provider's limit as it is typed
// (n / 1,600), its segments — per recipient when a list personalises it — and what makes it cost more (units-warning).
import { SelectField, TextareaField } from "@/components/ui/field";
import { MessageCounter, messageMax } from "./message-counter";
import { UnitsWarning } from "./units-warning";

import { formatCount } from "@/lib/numbers/format";
import type { LanguageVariant } from "@/lib/compose/language-variants";
export type Kind = "SMS" | "VOICE";
export type TemplateChoice = { id: string; name: string; kind: Kind; body: string; variants: LanguageVariant[] };

export function MessageFields({
  kind,
  onKind,
  message,
  onMessage,
  templates,
  onTemplate,
  perRecipient,
  errors,
}: {
  kind: Kind;
  onKind: (kind: Kind) => void;
  message: string;
  onMessage: (message: string) => void;
  templates: TemplateChoice[];
  /** A template chosen: its kind, message and texts in other languages replace what is there. */
  onTemplate: (template: TemplateChoice) => void;
  /** For a personalised list: the segments each recipient's own text takes ("1–2 segments; 41 recipients need 2"). */
  perRecipient: string | null;
  errors?: string[] | undefined;
}) {
  const max = messageMax(kind);
  const over = message.length > max;
  return (
    <>
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-1 text-sm font-medium">Kind</legend>
        {(["SMS", "VOICE"] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => onKind(k)} />
            {k === "SMS" ? "SMS" : "Voice (text to speech)"}
          </label>
        ))}
      </fieldset>
      {templates.length > 0 ? (
        <SelectField
          label="Use a template"
          hint="Fills in the message, its kind and its texts in other languages; edit them freely afterwards."
          fieldClassName="max-w-md"
          value=""
          onChange={(e) => {
            const chosen = templates.find((t) => t.id === e.target.value);
            if (chosen) onTemplate(chosen);
          }}
        >
          <option value="">Choose a template…</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.kind === "SMS" ? "SMS" : "voice"})
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextareaField
        label="Message"
        errors={
          over ? [`At most ${formatCount(max)} characters: ${formatCount(message.length - max)} too many.`] : errors
        }
        hint={<MessageCounter kind={kind} message={message} perRecipient={perRecipient} />}
        name="templateText"
        required
        rows={4}
        value={message}
        onChange={(e) => onMessage(e.target.value)}
      />
      {kind === "SMS" ? <UnitsWarning text={message} onReplace={onMessage} /> : null}
    </>
  );
}
