import type { Metadata } from "next";
import Link from "next/link";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Chart } from "@/components/ui/chart";
import { OUTCOME_COLORS } from "@/components/ui/chart-colors";
import { CodeBlock, prettyJson } from "@/components/ui/code-block";
import { controlClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { FailureKindLabel } from "@/components/batches/failure-kind";
import { UnknownStatuses } from "@/components/receipts/unknown-statuses";
import { CarrierBurstForm, HeldOptOuts } from "@/components/receipts/held-opt-outs";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyRow, Table, Td, THead, Th, Tr } from "@/components/ui/table";
import { canViewReceipts } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { cursorParam } from "@/lib/http/params";
import { listAgeingMessages } from "@/lib/reports/ageing-messages";
import { formatCount, formatDuration } from "@/lib/numbers/format";
import { getReceiptLag, LAG_SAMPLE } from "@/lib/reports/receipt-lag";
import { listReceipts, receiptFilterSchema, UNMATCHED_REASONS } from "@/lib/reports/receipt-log";
import { listReceiptStatuses } from "@/lib/reports/receipt-statuses";
import { UNMATCHED_RETRY_HOURS } from "@/lib/receipts/apply-receipts";
import { isFailureClass } from "@/lib/receipts/failure-classes";
import { mapDeliveryStatus } from "@/lib/receipts/status-map";
import { cachedMappings } from "@/lib/receipts/status-mappings";
import { carrierOptOutBurst, listHeldOptOuts } from "@/lib/receipts/held-opt-outs";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { formatDateTime } from "@/lib/time/format";
import { decideHeldOptOutsAction, mapStatusAction, setCarrierOptOutBurstAction } from "./actions";

export const metadata: Metadata = { title: "Receipts" };
export const dynamic = "force-dynamic";

const REASONS: Record<string, string> = {
  no_message: `no message has its uniqueId or correlator (tried again for ${UNMATCHED_RETRY_HOURS} h)`,
  not_sent: "its message was never sent",
};

export default async function ReceiptsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireActor(canViewReceipts);
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = receiptFilterSchema.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const agedAfter = cursorParam.safeParse(raw.aged_after).success ? raw.aged_after : undefined;
  const [page, lag, ageing, statuses, held, burst] = await Promise.all([
    listReceipts(filter),
    getReceiptLag(),
    listAgeingMessages(agedAfter),
    listReceiptStatuses(),
    listHeldOptOuts(),
    carrierOptOutBurst(),
  ]);
  const [mappings, timeZone] = await Promise.all([cachedMappings(), getOrgTimeZone()]);
  // ?status=a,b: the unknown statuses a batch page or the Overview pointed to (components/batches/unmapped-notice.tsx).
  const only = typeof raw.status === "string" && raw.status !== "" ? new Set(raw.status.split(",")) : null;
  const shownUnmapped = only ? statuses.unmapped.filter((s) => only.has(s.status)) : statuses.unmapped;
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({
      ...Object.fromEntries(
        Object.entries({ q: filter.q ?? "", unmatched: filter.unmatched ?? "" }).filter(([, v]) => v),
      ),
      ...extra,
    }).toString();

  return (
    <div className="space-y-8">
      <PageHeader
        title="Receipts"
        description="Statuses Tuma does not know yet, every delivery receipt as the provider sent it, the ones that matched no message and why, how long receipts take, and messages still waiting for one."
      />
      {parsed.success ? null : (
        <Notice tone="error">{parsed.error.issues.map((i) => i.message).join(" ")} The filter was ignored.</Notice>
      )}

      <section aria-label="Held carrier-blacklist opt-outs" className="space-y-3">
        <h2 className="text-lg font-semibold">
          Held carrier-blacklist opt-outs{" "}
          {held.total > 0 ? <Badge tone="warning">{formatCount(held.total)} held</Badge> : null}
        </h2>
        <p className="text-sm text-slate-600">
          A receipt saying the network blacklisted a number opts it out organisation-wide, but only when the receipt
          names the message&apos;s number and uniqueId. When more than {formatCount(burst)} would be opted out in one
          minute, they are held here instead: receipts can be forged by anyone who learnt a receipt address. Opt them
          out if the wave is real; discard them if not. Both are recorded in the audit log.
        </p>
        {held.total > 0 ? (
          <Notice tone="warning">
            {formatCount(held.total)} number(s) reported blacklisted are waiting for a decision; until then batches
            still send to them.
          </Notice>
        ) : null}
        <HeldOptOuts
          rows={held.rows.map((r) => ({
            phone: r.phone,
            reason: r.reason,
            messageId: r.messageId,
            heldAt: formatDateTime(r.heldAt, timeZone, { seconds: true }),
          }))}
          total={held.total}
          upTo={held.upTo.toISOString()}
          decide={decideHeldOptOutsAction}
        />
        <CarrierBurstForm current={burst} action={setCarrierOptOutBurstAction} />
      </section>

      <section aria-label="Unknown statuses" id="unknown-statuses" className="scroll-mt-4 space-y-3">
        <h2 className="text-lg font-semibold">Statuses Tuma does not know</h2>
        <p className="text-sm text-slate-600">
          A message with such a status is kept as still on its way, so it never ends. Say what the status means: it
          applies at once to the messages holding it (their counters and reports follow) and to every later receipt. A
          mapping is recorded in the audit log and cannot be changed afterwards.
        </p>
        {only ? (
          <p className="text-sm" data-testid="status-filter">
            Showing {formatCount(shownUnmapped.length)} of {formatCount(statuses.unmapped.length)} unknown statuses (the
            ones a batch pointed to).{" "}
            <Link href="/receipts#unknown-statuses" className="text-sky-700 underline">
              Show all
            </Link>
          </p>
        ) : null}
        <UnknownStatuses
          action={mapStatusAction}
          rows={shownUnmapped.map((s) => ({
            status: s.status,
            receipts: s.receipts,
            seen: [formatDateTime(s.firstSeenAt, timeZone), formatDateTime(s.lastSeenAt, timeZone)],
            examples: s.examples,
            waiting: s.waiting,
          }))}
        />
        {statuses.mapped.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-sky-700">
              Mapped by administrators ({formatCount(statuses.mapped.length)})
            </summary>
            <Table aria-label="Mapped statuses">
              <THead>
                <Th>Status</Th>
                <Th>Means</Th>
                <Th numeric>Receipts</Th>
                <Th>Mapped</Th>
              </THead>
              <tbody>
                {statuses.mapped.map((s) => (
                  <Tr key={s.status}>
                    <Td className="font-mono text-xs">{s.status}</Td>
                    <Td>
                      {s.state === "FAILED" && isFailureClass(s.failureClass) ? (
                        <>
                          failed: <FailureKindLabel kind={s.failureClass} />
                        </>
                      ) : s.state === "QUEUED" ? (
                        "still on its way"
                      ) : (
                        (s.state ?? "").toLowerCase()
                      )}
                    </Td>
                    <Td numeric>{formatCount(s.receipts)}</Td>
                    <Td className="whitespace-nowrap text-slate-600">
                      {s.mappedAt ? <Time at={s.mappedAt} /> : "—"}
                      {s.mappedBy ? ` · ${s.mappedBy}` : ""}
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
          </details>
        ) : null}
      </section>

      <section aria-label="Receipt log" className="space-y-3">
        <h2 className="text-lg font-semibold">Receipt log</h2>
        <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Search receipts">
          <label className="w-full space-y-1 sm:w-auto sm:max-w-sm sm:flex-1">
            <span className="block font-medium">uniqueId, correlator or phone</span>
            <input
              type="search"
              name="q"
              defaultValue={filter.q ?? ""}
              className={controlClass}
              placeholder="0712 345 678"
            />
          </label>
          <label className="space-y-1">
            <span className="block font-medium">Matched</span>
            <select name="unmatched" defaultValue={filter.unmatched ?? ""} className={controlClass}>
              <option value="">All receipts</option>
              <option value="any">Unmatched only</option>
              {UNMATCHED_REASONS.map((r) => (
                <option key={r} value={r}>
                  Unmatched: {r.replace("_", " ")}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass("primary", "sm")}>
            Search
          </button>
        </form>
        <Table>
          <THead>
            <Th>Received</Th>
            <Th>Status</Th>
            <Th>Message</Th>
            <Th>Phone</Th>
            <Th>uniqueId</Th>
            <Th>Correlator</Th>
            <Th>Raw</Th>
          </THead>
          <tbody>
            {page.rows.length === 0 ? <EmptyRow columns={7}>No receipts match.</EmptyRow> : null}
            {page.rows.map((r) => (
              <Tr key={r.id}>
                <Td className="whitespace-nowrap text-slate-600">
                  <Time at={r.receivedAt} seconds />
                </Td>
                <Td className="font-mono text-xs">
                  {r.deliveryStatus}
                  {mapDeliveryStatus(r.deliveryStatus, mappings).source === "unknown" ? (
                    <>
                      {" "}
                      <Badge tone="warning">unknown</Badge>
                    </>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap">
                  {r.messageId ? (
                    <Link href={`/messages/${r.messageId}`} className="text-sky-700 underline">
                      message {r.messageId}
                    </Link>
                  ) : r.unmatchedReason ? (
                    <span title={REASONS[r.unmatchedReason] ?? r.unmatchedReason}>
                      <Badge tone="warning">unmatched: {r.unmatchedReason.replace("_", " ")}</Badge>
                    </span>
                  ) : (
                    <Badge>not applied yet</Badge>
                  )}
                </Td>
                <Td className="font-mono text-xs">{r.phone ?? "—"}</Td>
                <Td className="whitespace-nowrap font-mono text-xs">{r.uniqueId ?? "—"}</Td>
                <Td className="font-mono text-xs">{r.correlator ?? "—"}</Td>
                <Td>
                  <details>
                    <summary className="cursor-pointer text-sky-700">JSON</summary>
                    <CodeBlock className="mt-2 w-72 sm:w-96">{prettyJson(r.raw)}</CodeBlock>
                  </details>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
        <div className="flex gap-2">
          {filter.before ? (
            <Link href={`/receipts?${query({})}`} className={buttonClass("secondary", "sm")}>
              Newest
            </Link>
          ) : null}
          {page.next ? (
            <Link href={`/receipts?${query({ before: page.next })}`} className={buttonClass("secondary", "sm")}>
              Older
            </Link>
          ) : null}
        </div>
        <p className="text-xs text-slate-500">
          Unmatched: <strong>no message</strong> — {REASONS.no_message}; <strong>not sent</strong> — {REASONS.not_sent}.
          A phone finds the receipts of the messages sent to it and unmatched receipts naming it.
        </p>
      </section>

      <Card title="Receipt lag">
        <p className="mb-3 text-sm text-slate-600">
          From a message&apos;s send to its receipt, over the latest {formatCount(LAG_SAMPLE)} receipts (
          {formatCount(lag.sampled)} matched to a sent message)
          {lag.medianSeconds !== null
            ? `: median ${formatDuration(lag.medianSeconds)}, 95 % within ${formatDuration(lag.p95Seconds ?? 0)}`
            : ""}
          .
        </p>
        <div data-testid="lag-chart">
          <Chart
            kind="bar"
            data={lag.buckets}
            xKey="label"
            xFormat="label"
            series={[{ key: "count", label: "Receipts", color: OUTCOME_COLORS.units }]}
            label="Receipt lag distribution"
          />
        </div>
      </Card>

      <section aria-label="Ageing without a receipt" className="space-y-3">
        <h2 className="text-lg font-semibold">Ageing without a receipt</h2>
        <p className="text-sm text-slate-600">
          Accepted by the provider and without a final receipt after {ageing.hours} h (NO_RECEIPT_AFTER_HOURS).
          {ageing.batches.length > 0
            ? ` In ${formatCount(ageing.batches.length)} batch(es) with ${formatCount(ageing.batches.reduce((s, b) => s + b.queuedCount, 0))} messages still queued.`
            : " None."}
        </p>
        <Table>
          <THead>
            <Th>Message</Th>
            <Th>Batch</Th>
            <Th>Phone</Th>
            <Th>Submitted</Th>
            <Th>Last status</Th>
          </THead>
          <tbody>
            {ageing.rows.length === 0 ? <EmptyRow columns={5}>No message is waiting past the age.</EmptyRow> : null}
            {ageing.rows.map((m) => (
              <Tr key={m.id}>
                <Td>
                  <Link href={`/messages/${m.id}`} className="text-sky-700 underline">
                    {m.id}
                  </Link>
                </Td>
                <Td>
                  <Link href={`/batches/${m.batchId}`} className="text-sky-700 underline">
                    {m.batchName}
                  </Link>
                </Td>
                <Td className="font-mono text-xs">{m.phone}</Td>
                <Td className="whitespace-nowrap text-slate-600">
                  <Time at={m.submittedAt} seconds />
                </Td>
                <Td className="font-mono text-xs">{m.deliveryStatus ?? "—"}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
        <div className="flex gap-2">
          {agedAfter ? (
            <Link href={`/receipts?${query({})}`} className={buttonClass("secondary", "sm")}>
              First
            </Link>
          ) : null}
          {ageing.next ? (
            <Link href={`/receipts?${query({ aged_after: ageing.next })}`} className={buttonClass("secondary", "sm")}>
              Next
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}
