import type { Metadata } from "next";
import Link from "next/link";
import { Time } from "@/components/time/time";
import { Badge, type Tone } from "@/components/ui/badge";
import { FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { KeysetPager } from "@/components/ui/keyset-pager";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr } from "@/components/ui/table";
import { ReplayButton } from "@/components/webhooks/replay-button";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import type { WebhookDeliveryState } from "@/lib/generated/prisma/enums";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { getEndpoint } from "@/lib/webhooks/endpoints";
import { TEST_EVENT, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { deliveryLogQuery } from "@/lib/webhooks/webhook-schemas";
import { pageHref, readPageQuery, type PageSearchParams } from "@/lib/http/page-query";
import { uuidParam } from "@/lib/http/params";
import { notFound } from "next/navigation";
import { replayWebhookDeliveryAction } from "../actions";

export const metadata: Metadata = { title: "Webhook deliveries" };
export const dynamic = "force-dynamic";

const TONES: Record<WebhookDeliveryState, Tone> = { PENDING: "info", DELIVERED: "success", FAILED: "danger" };

export default async function WebhookDeliveriesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: PageSearchParams;
}) {
  const actor = await requireActor(canManageWebhooks);
  const id = uuidParam.safeParse((await params).id);
  if (!id.success) notFound();
  // An endpoint that hears every event fills a page in minutes: the log is filtered by event type and outcome, and the
  // filter is in the URL so a link to "this endpoint's failed message.delivered" can be shared and survives Older.
  const { filter, error } = await readPageQuery(searchParams, deliveryLogQuery);
  const endpoint = await getEndpoint(actor, id.data).catch(() => null);
  if (!endpoint) notFound();
  const { deliveries, nextBefore } = await listDeliveries(actor, endpoint.id, { ...filter, limit: 50 });
  const href = (before?: string) =>
    pageHref(`/webhooks/${endpoint.id}`, { eventType: filter.eventType, state: filter.state, before });
  return (
    <div className="space-y-6">
      <PageHeader title="Delivery log" description={endpoint.url} />
      <Link className="text-sm underline" href="/webhooks">
        ← Webhooks
      </Link>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <FilterForm
        label="Filter deliveries"
        submit="Filter"
        values={{ eventType: filter.eventType, state: filter.state }}
        clearHref={`/webhooks/${endpoint.id}`}
      >
        <FilterSelect
          label="Event"
          name="eventType"
          value={filter.eventType}
          any="Any"
          options={[...WEBHOOK_EVENTS, TEST_EVENT].map((type) => [type, type] as const)}
        />
        <FilterSelect
          label="Outcome"
          name="state"
          value={filter.state}
          any="Any"
          options={(Object.keys(TONES) as WebhookDeliveryState[]).map((state) => [state, state.toLowerCase()] as const)}
        />
      </FilterForm>
      <Table
        aria-label="Deliveries"
        columns={["Event", "Outcome", "Answer", "Replay"]}
        empty={
          deliveries.length === 0 &&
          (filter.eventType || filter.state ? "No delivery matches the filter." : "Nothing delivered yet.")
        }
      >
        {deliveries.map((d) => (
          <Tr key={d.id} className="align-top" data-testid="delivery">
            <Td>
              <div className="font-medium">{d.eventType}</div>
              <div className="text-xs break-all text-slate-600">{d.eventId}</div>
              <div className="text-xs text-slate-600">
                <Time at={d.createdAt} seconds />
              </div>
            </Td>
            <Td>
              <Badge tone={TONES[d.state]}>{d.state.toLowerCase()}</Badge>
              <div className="text-xs text-slate-600">
                attempt {d.attempts}
                {d.lastStatusCode !== null ? ` · HTTP ${d.lastStatusCode}` : ""}
                {d.lastLatencyMs !== null ? ` · ${d.lastLatencyMs} ms` : ""}
              </div>
              {d.lastAttemptAt ? (
                <div className="text-xs text-slate-600">
                  last <Time at={d.lastAttemptAt} seconds />
                </div>
              ) : null}
              {d.state === "PENDING" && d.nextAttemptAt && d.attempts > 0 ? (
                <div className="text-xs text-slate-600">
                  next <Time at={d.nextAttemptAt} seconds />
                </div>
              ) : null}
            </Td>
            <Td className="max-w-md">
              {d.lastError ? <div className="text-xs text-red-700">{d.lastError}</div> : null}
              {d.responseExcerpt ? (
                <pre className="max-h-32 overflow-auto text-xs break-all whitespace-pre-wrap">{d.responseExcerpt}</pre>
              ) : null}
            </Td>
            <Td>
              <ReplayButton deliveryId={d.id} replay={replayWebhookDeliveryAction} />
            </Td>
          </Tr>
        ))}
      </Table>
      <KeysetPager
        first={filter.before ? href() : null}
        next={nextBefore ? href(nextBefore) : null}
        labels={{ first: "Newest", next: "Older deliveries →" }}
      />
    </div>
  );
}
