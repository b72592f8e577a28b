"use client";

// A batch's delivery report: the people reached (with its resends), outcomes over time (cumulative, so the last point
// is where the batch stands), the breakdown by operator with each one's delivery rate, and the failure reasons by kind
// in plain words with what to do. Every section says as of when: the report is read in one snapshot with the batch's
// counters, and asked for again whenever the live counters beside it move (the batch query BatchLive polls), so the
// page never shows a section that contradicts the counters without saying it is catching up.
import { useQuery } from "@tanstack/react-query";
import { Time } from "@/components/time/time";
import { ZoneDescription } from "@/components/time/zone-description";
import { Card } from "@/components/ui/card";
import { Chart } from "@/components/ui/chart";
import { OUTCOME_COLORS } from "@/components/ui/chart-colors";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { deliveryRate } from "@/lib/states/states";
import { fetchJson } from "@/lib/http/fetch-json";
import type { Serialized } from "@/lib/http/serialize";
import type { BatchReport as Report } from "@/lib/reports/batch-report";
import { FAILURE_KINDS } from "@/lib/receipts/failure-classes";
import { formatCount, formatRate } from "@/lib/numbers/format";
import type { BatchJson } from "./use-live-batch";
import { FailureKindLabel } from "./failure-kind";
import { LanguageOutcomes } from "./language-outcomes";

type ReportJson = Serialized<Report>;

const SERIES = [
  { key: "delivered", label: "Delivered", color: OUTCOME_COLORS.delivered },
  { key: "answered", label: "Answered", color: OUTCOME_COLORS.answered },
  { key: "failed", label: "Failed", color: OUTCOME_COLORS.failed },
  { key: "awaiting", label: "No receipt (yet)", color: OUTCOME_COLORS.awaiting },
];

export function BatchReport({ initial }: { initial: ReportJson & { batchId: string } }) {
  const batchId = initial.batchId;
  // The live counters BatchLive polls (same query key): their version is the moment the report must match.
  const { data: live } = useQuery<BatchJson>({
    queryKey: ["batch", batchId],
    queryFn: () => fetchJson<BatchJson>(`/api/batches/${batchId}`),
    enabled: false,
  });
  const version = live?.updatedAt ?? initial.batchUpdatedAt;
  const { data = initial, error } = useQuery<ReportJson & { batchId: string }>({
    queryKey: ["batch-report", batchId, version],
    queryFn: async () => ({ ...(await fetchJson<ReportJson>(`/api/batches/${batchId}/report`)), batchId }),
    initialData: version === initial.batchUpdatedAt ? initial : undefined,
    placeholderData: (previous) => previous, // keep showing the last report while the next loads
    // A large batch's report may lag its counters (computed at most every 10 s): ask again until it catches up.
    refetchInterval: (query): number =>
      query.state.data?.batchUpdatedAt !== version ? 5_000 : query.state.data.live ? 15_000 : 60_000,
  });
  const behind = data.batchUpdatedAt !== version;
  const answered = data.timeline.some((p) => p.answered > 0);
  const series = answered ? SERIES : SERIES.filter((s) => s.key !== "answered");
  const last = data.timeline.at(-1);
  const asOf = (
    <AsOf at={data.computedAt} behind={behind} delivered={data.counters.deliveredCount + data.counters.answeredCount} />
  );

  return (
    <section aria-label="Delivery report" className="space-y-6">
      {error ? <p className="text-sm text-red-700">Report updates paused: {error.message}</p> : null}
      <Card title="Reached" aria-label="Reached">
        <p className="text-sm" data-testid="reached">
          <strong className="text-lg tabular-nums">{formatCount(data.reached.reached)}</strong> of{" "}
          {formatCount(data.reached.targeted)} people targeted reached
          {data.reached.batches > 1
            ? ` (this batch's family: the first batch and ${data.reached.batches - 1} resend${data.reached.batches > 2 ? "s" : ""}; a number reached twice counts once)`
            : ""}
          .
        </p>
        {asOf}
      </Card>

      <Card title="Delivery over time" aria-label="Delivery over time">
        <p className="mb-3 text-sm text-slate-500">
          Of the messages sent so far, how many were delivered, failed or still have no receipt (
          {data.bucketSeconds >= 60 ? `${data.bucketSeconds / 60} min` : `${data.bucketSeconds} s`} steps), in{" "}
          <ZoneDescription />
          {data.live ? ", refreshed as the counters move" : ""}.
        </p>
        <Chart
          testId="delivery-chart"
          kind="area"
          data={data.timeline}
          xKey="at"
          xFormat={data.bucketSeconds < 60 ? "seconds" : "minutes"}
          series={series}
          label="Delivered, failed and without receipt over time"
        />
        {last ? (
          <p className="mt-2 text-sm" data-testid="chart-latest">
            At the last point: {formatCount(last.delivered + last.answered)} delivered, {formatCount(last.failed)}{" "}
            failed, {formatCount(last.awaiting)} without a receipt.
          </p>
        ) : null}
        {asOf}
      </Card>

      {data.languages ? <LanguageOutcomes outcomes={data.languages} /> : null}

      <section aria-label="By operator" className="space-y-3">
        <h2 className="text-lg font-semibold">By operator</h2>
        <Table
          columns={[
            "Operator",
            numeric("Delivery rate"),
            numeric("Sent"),
            numeric("Delivered"),
            numeric("Failed"),
            numeric("Unknown"),
            numeric("No receipt yet"),
          ]}
          empty={data.operators.length === 0 && "Nothing sent yet."}
        >
          {data.operators.map((o) => (
            <Tr key={o.operator}>
              <Td>{o.operator}</Td>
              <Td numeric className="font-semibold" data-testid={`rate-${o.operator}`}>
                {formatRate(deliveryRate(o.delivered, o.sent))}
              </Td>
              <Td numeric>{formatCount(o.sent)}</Td>
              <Td numeric data-testid={`delivered-${o.operator}`}>
                {formatCount(o.delivered)}
              </Td>
              <Td numeric>{formatCount(o.failed)}</Td>
              <Td numeric>{formatCount(o.unknown)}</Td>
              <Td numeric>{formatCount(o.awaiting)}</Td>
            </Tr>
          ))}
        </Table>
        <p className="text-xs text-slate-500">
          Delivery rate: delivered (or answered) ÷ sent; messages still without a receipt count as not delivered yet.
          &ldquo;Not accepted&rdquo;: refused by the provider or outcome unknown, so no operator was reported.
        </p>
        {asOf}
      </section>

      <section aria-label="Failure reasons" className="space-y-3">
        <h2 className="text-lg font-semibold">Failure reasons</h2>
        <Table
          cards
          aria-label="Failure reasons"
          columns={["Reason", "What it means, and what to do", "As the provider said", numeric("Messages")]}
          empty={data.failures.length === 0 && "No failures."}
        >
          {data.failures.map((f) => (
            <Tr key={f.kind}>
              <Td className="min-w-40" data-label="Reason">
                <FailureKindLabel kind={f.kind} />
              </Td>
              <Td className="min-w-56 text-slate-700" data-label="What to do">
                {FAILURE_KINDS[f.kind].meaning} <strong>{FAILURE_KINDS[f.kind].advice}</strong>
              </Td>
              <Td className="min-w-40 text-xs" data-label="Provider said">
                <ul>
                  {f.details.map((d) => (
                    <li key={`${d.deliveryStatus ?? ""}|${d.error ?? ""}`}>
                      <span className="font-mono">{d.deliveryStatus ?? d.error ?? "no reason given"}</span>{" "}
                      <span className="text-slate-500">({formatCount(d.count)})</span>
                    </li>
                  ))}
                </ul>
              </Td>
              <Td numeric data-testid={`failures-${f.kind}`} data-label="Messages">
                {formatCount(f.count)}
              </Td>
            </Tr>
          ))}
        </Table>
        {asOf}
      </section>
    </section>
  );
}

function AsOf({ at, behind, delivered }: { at: string; behind: boolean; delivered: number }) {
  return (
    <p className="mt-2 text-xs text-slate-500" data-testid="as-of">
      As of <Time at={at} seconds timeOnly /> ({formatCount(delivered)} delivered then)
      {behind ? " — the counters above have moved since; updating…" : ""}.
    </p>
  );
}
