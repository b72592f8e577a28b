"use client";
// Mapping one status Tuma does not know: what it means (delivered, answered, failed — and why — or still on its way),
// applied at once to the messages holding it and to every later receipt. A mapping cannot be changed, so Map asks
// first, saying how many messages it moves now (issue 35: it took one click).
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { SelectField } from "@/components/ui/field";
import { FAILURE_CLASSES, FAILURE_KINDS, isFailureClass } from "@/lib/receipts/failure-classes";
import { formatCount } from "@/lib/numbers/format";

const MEANINGS = [
  { value: "", label: "Choose…" },
  { value: "DELIVERED", label: "Delivered" },
  { value: "ANSWERED", label: "Answered (voice)" },
  { value: "FAILED", label: "Failed" },
  { value: "QUEUED", label: "Still on its way (not final)" },
];

export function MapStatusForm({ status, waiting, action }: { status: string; waiting: number; action: FormAction }) {
  const { state, formAction, pending, errors } = useActionForm(action);
  const [meaning, setMeaning] = useState("");
  const [failureClass, setFailureClass] = useState("");
  const [confirming, setConfirming] = useState(false);
  const chosen = MEANINGS.find((m) => m.value === meaning)?.label ?? "";
  const because = isFailureClass(failureClass) ? ` (${FAILURE_KINDS[failureClass].label})` : "";
  const ready = meaning !== "" && (meaning !== "FAILED" || failureClass !== "");
  return (
    <form action={formAction} className="space-y-2" aria-label={`Map ${status}`}>
      <input type="hidden" name="status" value={status} />
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Means"
          errors={errors.state}
          name="state"
          value={meaning}
          onChange={(e) => {
            setMeaning(e.target.value);
            setConfirming(false);
          }}
          required
          disabled={confirming}
        >
          {MEANINGS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        {meaning === "FAILED" ? (
          <SelectField
            label="Because"
            errors={errors.failureClass}
            name="failureClass"
            value={failureClass}
            onChange={(e) => setFailureClass(e.target.value)}
            required
            disabled={confirming}
          >
            <option value="">Choose…</option>
            {FAILURE_CLASSES.map((c) => (
              <option key={c} value={c}>
                {FAILURE_KINDS[c].label} ({FAILURE_KINDS[c].permanence})
              </option>
            ))}
          </SelectField>
        ) : (
          <input type="hidden" name="failureClass" value="" />
        )}
        {confirming ? null : (
          <Button type="button" size="sm" variant="primary" disabled={!ready} onClick={() => setConfirming(true)}>
            Map…
          </Button>
        )}
      </div>
      {confirming ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="map-confirm">
          {/* Disabled selects are not submitted: their values go as hidden fields while the question is asked. */}
          <input type="hidden" name="state" value={meaning} />
          <input type="hidden" name="failureClass" value={meaning === "FAILED" ? failureClass : ""} />
          <p>
            Map “{status}” as <strong>{chosen + because}</strong>? This moves{" "}
            <strong className="tabular-nums">{formatCount(waiting)}</strong> message
            {waiting === 1 ? "" : "s"} now
            {meaning === "QUEUED" ? " (they stay on their way)" : ""}, and every later receipt with this status follows.
            A mapping cannot be changed afterwards.
          </p>
          <div className="flex gap-2">
            <SubmitButton busy="Mapping…" size="sm" variant="primary" label="Yes, map it" />
            <Button type="button" size="sm" disabled={pending} onClick={() => setConfirming(false)}>
              Back
            </Button>
          </div>
        </div>
      ) : null}
      {state?.ok === false ? <ActionNotice result={state} /> : null}
    </form>
  );
}
