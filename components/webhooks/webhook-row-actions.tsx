"use client";
// One endpoint's controls: enable or disable, send a test event, rotate its secret (the new one shown once), delete
// (asked first).
import { useState, useTransition } from "react";
import { RowAction, RowResult } from "@/components/console/row-action";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-button";
import type { ActionResult } from "@/lib/auth/action";

type Result = ActionResult & { secret?: string };

export type WebhookActions = {
  setEnabled: (id: string, enabled: boolean) => Promise<ActionResult>;
  rotate: (id: string) => Promise<Result>;
  test: (id: string) => Promise<ActionResult>;
  remove: (id: string) => Promise<ActionResult>;
};

export function WebhookRowActions({
  endpoint,
  actions,
}: {
  endpoint: { id: string; url: string; enabled: boolean };
  actions: WebhookActions;
}) {
  const [result, setResult] = useState<Result | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (work: () => Promise<Result>) => startTransition(async () => setResult(await work()));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        disabled={pending}
        onClick={() => run(() => actions.setEnabled(endpoint.id, !endpoint.enabled))}
      >
        {endpoint.enabled ? "Disable" : "Enable"}
      </Button>
      <Button size="sm" disabled={pending} onClick={() => run(() => actions.test(endpoint.id))}>
        Send a test event
      </Button>
      <Button
        size="sm"
        disabled={pending}
        onClick={() =>
          window.confirm(
            `Rotate the signing secret of ${endpoint.url}? The old one keeps signing too for 24 hours, so the receiver can switch.`,
          ) && run(() => actions.rotate(endpoint.id))
        }
      >
        Rotate secret
      </Button>
      <RowAction
        label="Delete"
        name={`Delete ${endpoint.url}`}
        confirm={`Delete the endpoint ${endpoint.url}? Its delivery log goes with it, and events waiting for it are not sent.`}
        confirmLabel="Delete the endpoint"
        run={() => actions.remove(endpoint.id)}
      />
      <RowResult result={result} className="w-full text-sm" />
      {result?.ok && result.secret ? <CopyField label="New signing secret" value={result.secret} /> : null}
    </div>
  );
}
