"use client";
// The private host:port pairs webhooks may reach (an administrator's explicit choice; audited).
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/field";

export function AllowedHostsForm({ action, hosts }: { action: FormAction; hosts: string[] }) {
  const { state, formAction } = useActionForm(action);
  return (
    <form action={formAction} className="grid gap-3">
      <TextareaField label="Allowed private hosts (host:port)" name="hosts" rows={3} defaultValue={hosts.join("\n")} />
      <div>
        <SubmitButton busy="Saving…" label="Save hosts" />
      </div>
      <ActionNotice result={state} />
    </form>
  );
}
