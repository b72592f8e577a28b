"use client";
// Mapping one status Tuma does not know: what it means (delivered, answered, failed — and why — or still on its way),
// applied at once to the messages holding it and to every later receipt.
import { useActionState, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";
import { FAILURE_CLASSES, FAILURE_KINDS } from "@/lib/receipts/failure-classes";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

const MEANINGS = [
  { value: "", label: "Choose…" },
  { value: "DELIVERED", label: "Delivered" },
  { value: "ANSWERED", label: "Answered (voice)" },
  { value: "FAILED", label: "Failed" },
  { value: "QUEUED", label: "Still on its way (not final)" },
];

export function MapStatusForm({ status, action }: { status: string; action: Action }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [meaning, setMeaning] = useState("");
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="space-y-2" aria-label={`Map ${status}`}>
      <input type="hidden" name="status" value={status} />
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Means" errors={errors.state}>
          {(ids) => (
            <Select {...ids} name="state" value={meaning} onChange={(e) => setMeaning(e.target.value)} required>
              {MEANINGS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {meaning === "FAILED" ? (
          <Field label="Because" errors={errors.failureClass}>
            {(ids) => (
              <Select {...ids} name="failureClass" defaultValue="" required>
                <option value="">Choose…</option>
                {FAILURE_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {FAILURE_KINDS[c].label} ({FAILURE_KINDS[c].permanence})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <input type="hidden" name="failureClass" value="" />
        )}
        <Button type="submit" size="sm" variant="primary" disabled={pending || meaning === ""}>
          {pending ? "Mapping…" : "Map"}
        </Button>
      </div>
      {state?.ok === false ? <ActionNotice result={state} /> : null}
    </form>
  );
}
