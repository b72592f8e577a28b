"use client";
// A voice batch's language, among the values its account allows (Settings → Voice language; the request carries it in
// the account's field: docs/voice-language.md), and a "listen" preview that reads the text aloud in the browser in that
// language (Web Speech API) where the browser has a voice for it — and says so where it has none.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { chooseVoice } from "@/lib/compose/speech-voice";

export type AccountLanguages = { field: string; values: string[] };

export function VoiceLanguageField({
  languages,
  value,
  onValue,
  text,
  errors,
  label = "Language",
  fieldName = "language",
}: {
  languages: AccountLanguages;
  value: string;
  onValue: (value: string) => void;
  text: string;
  errors: string[] | undefined;
  label?: string;
  /** The form field it submits; null for a variant's, which travels in the variants' own field (language-fields.tsx). */
  fieldName?: string | null;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const language = value || languages.values[0] || "";

  function listen() {
    // Read when asked: browsers load their voices after the page, and by a click they have them.
    if (!("speechSynthesis" in window)) return setStatus("This browser cannot read text aloud.");
    if (!text.trim()) return setStatus("Write the message first.");
    const voice = chooseVoice(window.speechSynthesis.getVoices(), language);
    if (!voice)
      return setStatus(`This browser has no voice for “${language}”: the provider's voice may still speak it.`);
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
    setStatus(`Reading aloud with ${voice.name} (${voice.lang}). The provider's voice will sound different.`);
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={label}
        hint={`Sent to the provider as “${languages.field}”.`}
        errors={errors}
        fieldClassName="w-56"
        name={fieldName ?? undefined}
        value={language}
        onChange={(e) => onValue(e.target.value)}
      >
        {languages.values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </SelectField>
      <Button size="sm" onClick={listen}>
        Listen
      </Button>
      <p role="status" aria-live="polite" className="w-full text-sm text-slate-600" data-testid="listen-status">
        {status}
      </p>
    </div>
  );
}
