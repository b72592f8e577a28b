import type { Metadata } from "next";
import Link from "next/link";
import { Time } from "@/components/time/time";
import { Badge, type Tone } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, THead, Th, Tr } from "@/components/ui/table";
import { ReplayButton } from "@/components/webhooks/replay-button";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import type { WebhookDeliveryState } from "@/lib/generated/prisma/enums";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { getEndpoint } from "@/lib/webhooks/endpoints";
import { TEST_EVENT, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { listDeliveriesSchema } from "@/lib/webhooks/webhook-schemas";
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
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor(canManageWebhooks);
  const id = uuidParam.safeParse((await params).id);
  if (!id.success) notFound();
  // An endpoint that hears every event fills a page in minutes: the log is filtered by event type and outcome, and the
  // filter is in the URL so a link to "this endpoint's failed message.delivered" can be shared and survives Older.
  const raw = await searchParams;
  const one = (key: string) => (typeof raw[key] === "string" && raw[key] !== "" ? raw[key] : undefined);
  const page = listDeliveriesSchema.safeParse({
    before: one("before"),
    eventType: one("eventType"),
    state: one("state"),
  });
  const filter = page.success ? page.data : { limit: 50 };
  const endpoint = await getEndpoint(actor, id.data).catch(() => null);
  if (!endpoint) notFound();
  const { deliveries, nextBefore } = await listDeliveries(actor, endpoint.id, filter);
  const older = new URLSearchParams({
    ...(filter.eventType ? { eventType: filter.eventType } : {}),
    ...(filter.state ? { state: filter.state } : {}),
    ...(nextBefore ? { before: nextBefore } : {}),
  });
  return (
    <div className="space-y-6">
      <PageHeader title="Delivery log" description={endpoint.url} />
      <Link className="text-sm underline" href="/webhooks">
        ← Webhooks
      </Link>
      {page.success ? null : (
        <Notice tone="error">{page.error.issues.map((i) => i.message).join(" ")} The filter was ignored.</Notice>
      )}
      <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filter deliveries">
        <label className="space-y-1">
          <span className="block font-medium">Event</span>
          <select name="eventType" defaultValue={filter.eventType ?? ""} className={controlClass}>
            <option value="">Any</option>
            {[...WEBHOOK_EVENTS, TEST_EVENT].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1">
          <span className="block font-medium">Outcome</span>
          <select name="state" defaultValue={filter.state ?? ""} className={controlClass}>
            <option value="">Any</option>
            {(Object.keys(TONES) as WebhookDeliveryState[]).map((state) => (
              <option key={state} value={state}>
                {state.toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass("primary", "sm")}>
          Filter
        </button>
      </form>
      <Table aria-label="Deliveries">
        <THead>
          <Th>Event</Th>
          <Th>Outcome</Th>
          <Th>Answer</Th>
          <Th>Replay</Th>
        </THead>
        <tbody>
          {deliveries.length === 0 ? (
            <Tr>
              <Td colSpan={4} className="text-slate-600">
                {filter.eventType || filter.state ? "No delivery matches the filter." : "Nothing delivered yet."}
              </Td>
            </Tr>
          ) : null}
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
                  <pre className="max-h-32 overflow-auto text-xs break-all whitespace-pre-wrap">
                    {d.responseExcerpt}
                  </pre>
                ) : null}
              </Td>
              <Td>
                <ReplayButton deliveryId={d.id} replay={replayWebhookDeliveryAction} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {nextBefore ? (
        <Link className="text-sm underline" href={`/webhooks/${endpoint.id}?${older.toString()}`}>
          Older deliveries →
        </Link>
      ) : null}
    </div>
  );
}
