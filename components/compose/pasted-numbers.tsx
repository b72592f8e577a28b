"use client";
// Numbers typed or pasted, reported as they are typed: how many, which lines are not valid numbers and why, which
// repeat an earlier one, which are on the opt-out list — so the plan is true before Send, not after.
import { useEffect, useRef, useState } from "react";
import { TextareaField } from "@/components/ui/field";
import { describeDuplicate, describeProblem } from "@/lib/recipients/check-pasted";
import { MAX_PASTED_NUMBERS } from "@/lib/recipients/split-numbers";
import type { PastedNumbers as Pasted } from "./use-pasted-numbers";

import { formatCount } from "@/lib/numbers/format";
const count = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function PastedNumbers({
  text,
  onText,
  pasted,
  errors,
}: {
  text: string;
  onText: (text: string) => void;
  pasted: Pasted;
  errors?: string[] | undefined;
}) {
  const { check, tooMany, optedOut } = pasted;
  const textarea = useKeptAcrossReset(text);
  const [initialText] = useState(text);
  return (
    <div className="space-y-2">
      {/* No name: the form sends the checked numbers (compose-form.tsx), and this text stays as typed.
          Uncontrolled (see useKeptAcrossReset): the state follows the text through onChange. */}
      <TextareaField
        label="Recipients"
        errors={
          tooMany
            ? [
                `${formatCount(check.typed)} numbers: at most ${formatCount(MAX_PASTED_NUMBERS)} can be pasted. Upload the list as a file instead.`,
              ]
            : errors
        }
        hint={`${count(check.typed, "number")} — Kenyan numbers as 2547…, 07…/01… or 7…/1…, separated by commas, semicolons or new lines.`}
        ref={textarea}
        required
        rows={5}
        defaultValue={initialText}
        onChange={(e) => onText(e.target.value)}
        className="font-mono text-sm"
        placeholder={"0712 345 678\n+254 733 000 111\n712-000-222"}
      />
      {check.typed > 0 && !tooMany ? (
        <div className="space-y-2 text-sm" data-testid="pasted-report" aria-live="polite">
          <p>
            {/* Valid, not "to send to": opted-out numbers and the duplicate guard's are among them (issue 35). */}
            <strong data-testid="pasted-valid">{count(check.phones.length, "number")}</strong> valid
            {check.invalidCount > 0 ? (
              <>
                {" · "}
                <strong className="text-red-700" data-testid="pasted-invalid">
                  {count(check.invalidCount, "not valid", "not valid")}
                </strong>
              </>
            ) : null}
            {check.duplicateCount > 0 ? (
              <>
                {" · "}
                <strong data-testid="pasted-duplicates">{count(check.duplicateCount, "repeated", "repeated")}</strong>
              </>
            ) : null}
            {optedOut && optedOut.length > 0 ? (
              <>
                {" · "}
                <strong data-testid="pasted-opted-out">{count(optedOut.length, "opted out", "opted out")}</strong>
              </>
            ) : null}
            {optedOut === null && check.phones.length > 0 ? " · checking the opt-out list…" : ""}
          </p>
          <Problems
            title={`Not valid (left out): ${formatCount(check.invalidCount)}`}
            lines={check.invalid.map(describeProblem)}
            more={check.invalidCount - check.invalid.length}
            tone="error"
          />
          <Problems
            title={`Repeated (sent once): ${formatCount(check.duplicateCount)}`}
            lines={check.duplicates.map(describeDuplicate)}
            more={check.duplicateCount - check.duplicates.length}
          />
          <Problems
            title={`On the opt-out list (never sent): ${formatCount(optedOut?.length ?? 0)}`}
            lines={(optedOut ?? [])
              .slice(0, 20)
              .map((o) => `Line ${formatCount(o.line)}: ${o.phone} asked not to receive messages.`)}
            more={(optedOut?.length ?? 0) - 20}
          />
          {pasted.error ? (
            <p className="text-amber-800">
              The opt-out list could not be checked ({pasted.error.message}); opted-out numbers are still never sent.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The textarea is uncontrolled because React keeps a controlled textarea's default value (its text node) equal to its
 * value on every change: for a 100,000-line paste Chromium then builds and lays out every line a second time (1.6 s of
 * 3.2 s measured in a trace), and again on each keystroke. The default value is what the form's reset (which React
 * runs after a form action) restores, so the text typed is put back right after a reset: a refused send keeps it.
 */
function useKeptAcrossReset(text: string) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(text);
  useEffect(() => {
    latest.current = text;
  }, [text]);
  useEffect(() => {
    const form = textarea.current?.form;
    if (!form) return;
    // The reset event comes before the reset itself; the microtask runs once it is done.
    const restore = () =>
      queueMicrotask(() => {
        if (textarea.current) textarea.current.value = latest.current;
      });
    form.addEventListener("reset", restore);
    return () => form.removeEventListener("reset", restore);
  }, []);
  return textarea;
}

function Problems({ title, lines, more, tone }: { title: string; lines: string[]; more: number; tone?: "error" }) {
  if (lines.length === 0) return null;
  return (
    <details open={tone === "error"} className="rounded-md border border-slate-200 bg-white p-2">
      <summary className={tone === "error" ? "cursor-pointer text-red-700" : "cursor-pointer"}>{title}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {more > 0 ? <li>…and {formatCount(more)} more.</li> : null}
      </ul>
    </details>
  );
}
