import type { Metadata } from "next";
import Link from "next/link";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr } from "@/components/ui/table";
import { AllowedHostsForm } from "@/components/webhooks/allowed-hosts-form";
import { NewWebhookForm } from "@/components/webhooks/new-webhook-form";
import { WebhookRowActions } from "@/components/webhooks/webhook-row-actions";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { readAllowedHostsSetting } from "@/lib/webhooks/allowed-hosts-setting";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import {
  createWebhookAction,
  deleteWebhookAction,
  rotateWebhookSecretAction,
  sendWebhookTestEventAction,
  setAllowedHostsAction,
  setWebhookEnabledAction,
} from "./actions";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

export default async function WebhooksPage() {
  const actor = await requireActor(canManageWebhooks);
  const [endpoints, hosts] = await Promise.all([listEndpoints(actor), readAllowedHostsSetting(actor)]);
  // Disabled by the deliverer, not by a person: said at the top, so that nobody misses why events stopped.
  const stopped = endpoints.filter(
    (e) => !e.enabled && e.disabledReason && !e.disabledReason.startsWith("Disabled by"),
  );
  const actions = {
    setEnabled: setWebhookEnabledAction,
    rotate: rotateWebhookSecretAction,
    test: sendWebhookTestEventAction,
    remove: deleteWebhookAction,
  };
  return (
    <div className="space-y-8">
      <PageHeader
        title="Webhooks"
        description="Tell your own systems when messages are delivered, fail or are answered, and when batches complete: signed HTTP posts (Standard Webhooks), retried for 24 hours."
        actions={
          <TextLink href="/webhooks/help" className="text-sm">
            How to receive and check them
          </TextLink>
        }
      />
      {stopped.map((e) => (
        <Notice key={e.id} tone="warning">
          {e.url} was disabled {e.disabledAt ? <Time at={e.disabledAt} /> : null}: {e.disabledReason} Fix the receiver,
          then enable it again.
        </Notice>
      ))}
      <Card title="Register an endpoint" aria-label="Register an endpoint">
        <NewWebhookForm action={createWebhookAction} />
      </Card>
      <Table
        aria-label="Endpoints"
        columns={["Endpoint", "Actions"]}
        empty={endpoints.length === 0 && "No endpoints yet."}
      >
        {endpoints.map((e) => (
          <Tr key={e.id} className="align-top">
            <Td className="min-w-0">
              <div className="font-medium break-all">{e.url}</div>
              {e.description ? <div className="text-slate-600">{e.description}</div> : null}
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                {e.enabled ? <Badge tone="success">enabled</Badge> : <Badge tone="danger">disabled</Badge>}
                {e.enabled && e.failingSince ? (
                  <Badge tone="warning">
                    failing since <Time at={e.failingSince} />
                  </Badge>
                ) : null}
                <span>{e.events.join(", ")}</span>
                {e.previousSecretUntil && e.previousSecretUntil > new Date() ? (
                  <span>
                    · old secret signs too until <Time at={e.previousSecretUntil} />
                  </span>
                ) : null}
              </div>
              <Link className="mt-1 inline-block text-sm underline" href={`/webhooks/${e.id}`}>
                Delivery log
              </Link>
            </Td>
            <Td>
              <WebhookRowActions endpoint={{ id: e.id, url: e.url, enabled: e.enabled }} actions={actions} />
            </Td>
          </Tr>
        ))}
      </Table>
      <Card title="Private hosts" aria-label="Private hosts">
        <p className="mb-3 text-sm text-slate-600">
          Webhooks go only to public addresses, over https. To deliver to a system inside your network (plain http too),
          list its host and port here (one per line, e.g. 10.0.0.5:8080); every change is audited. Link-local and cloud
          metadata addresses are never reached.
        </p>
        <AllowedHostsForm action={setAllowedHostsAction} hosts={hosts} />
      </Card>
    </div>
  );
}
