"use client";
// The private host:port pairs webhooks may reach (an administrator's explicit choice; audited).
import { useActionState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

export function AllowedHostsForm({ action, hosts }: { action: Action; hosts: string[] }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="grid gap-3">
      <TextareaField label="Allowed private hosts (host:port)" name="hosts" rows={3} defaultValue={hosts.join("\n")} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save hosts"}
        </Button>
      </div>
      <ActionNotice result={state} />
    </form>
  );
}
