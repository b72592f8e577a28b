"use client";
// Registering a webhook endpoint: its URL, a description, the events it wants. The signing secret comes back once,
// with a Copy button.
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { CopyField } from "@/components/ui/copy-button";
import { Checkbox } from "@/components/ui/checkbox";
import { InputField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";
import { WEBHOOK_EVENT_INFO, WEBHOOK_EVENTS } from "@/lib/webhooks/events";

type Result = ActionResult & { secret?: string };

export function NewWebhookForm({ action }: { action: FormAction<Result> }) {
  const { state, formAction, errors } = useActionForm(action);
  return (
    <form action={formAction} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="URL"
          errors={errors.url}
          name="url"
          type="url"
          placeholder="https://example.com/tuma-events"
          required
        />
        <InputField
          label="Description"
          errors={errors.description}
          name="description"
          placeholder="Appointments system"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} name="events" value={event} defaultChecked>
              <span className="font-mono">{event}</span>
              <span className="block text-slate-600">{WEBHOOK_EVENT_INFO[event]}</span>
            </Checkbox>
          ))}
        </div>
        {errors.events ? <p className="mt-1 text-sm text-red-700">{errors.events.join(" ")}</p> : null}
      </fieldset>
      <div>
        <SubmitButton busy="Registering…" variant="primary" label="Register endpoint" />
      </div>
      <div className="space-y-2">
        <ActionNotice result={state} />
        {state?.ok && state.secret ? <CopyField label="Signing secret" value={state.secret} /> : null}
      </div>
    </form>
  );
}
