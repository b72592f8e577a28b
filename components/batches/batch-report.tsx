"use client";

// A batch's delivery report: outcomes over time (cumulative, so the last point is where the batch stands), the
// breakdown by operator with each one's delivery rate, and the failure reasons as the provider gave them. Polled every
// 15 s while the batch changes (60 s after) — the server computes it at most once per batch every 10 s whoever asks.
import { useQuery } from "@tanstack/react-query";
import { Time } from "@/components/time/time";
import { ZoneDescription } from "@/components/time/zone-description";
import { Card } from "@/components/ui/card";
import { Chart } from "@/components/ui/chart";
import { OUTCOME_COLORS } from "@/components/ui/chart-colors";
import { EmptyRow, Table, Td, THead, Th, Tr } from "@/components/ui/table";
import { deliveryRate } from "@/lib/batches/states";
import { fetchJson } from "@/lib/http/fetch-json";
import type { Serialized } from "@/lib/http/serialize";
import type { BatchReport as Report } from "@/lib/reports/batch-report";
import { formatRate } from "@/lib/reports/format";
import { StateBadge } from "./state-badge";

type ReportJson = Serialized<Report>;

const SERIES = [
  { key: "delivered", label: "Delivered", color: OUTCOME_COLORS.delivered },
  { key: "answered", label: "Answered", color: OUTCOME_COLORS.answered },
  { key: "failed", label: "Failed", color: OUTCOME_COLORS.failed },
  { key: "awaiting", label: "No receipt (yet)", color: OUTCOME_COLORS.awaiting },
];

export function BatchReport({ initial }: { initial: ReportJson & { batchId: string } }) {
  const { data = initial, error } = useQuery({
    queryKey: ["batch-report", initial.batchId],
    queryFn: async () => ({
      ...(await fetchJson<ReportJson>(`/api/batches/${initial.batchId}/report`)),
      batchId: initial.batchId,
    }),
    initialData: initial,
    // Quiet batches too, slowly: a late receipt changes the batch, and the server reads it again only then.
    refetchInterval: (query) => (query.state.data?.live ? 15_000 : 60_000),
  });
  const answered = data.timeline.some((p) => p.answered > 0);
  const series = answered ? SERIES : SERIES.filter((s) => s.key !== "answered");

  return (
    <section aria-label="Delivery report" className="space-y-6">
      <Card title="Delivery over time">
        <p className="mb-3 text-sm text-slate-500">
          Of the messages sent so far, how many were delivered, failed or still have no receipt (
          {data.bucketSeconds >= 60 ? `${data.bucketSeconds / 60} min` : `${data.bucketSeconds} s`} steps), in{" "}
          <ZoneDescription />. As of <Time at={data.computedAt} seconds timeOnly />
          {data.live ? ", refreshed every 15 s" : ""}.
        </p>
        {error ? <p className="mb-2 text-sm text-red-700">Report updates paused: {error.message}</p> : null}
        <div data-testid="delivery-chart">
          <Chart
            kind="area"
            data={data.timeline}
            xKey="at"
            xFormat={data.bucketSeconds < 60 ? "seconds" : "minutes"}
            series={series}
            label="Delivered, failed and without receipt over time"
          />
        </div>
      </Card>

      <section aria-label="By operator" className="space-y-3">
        <h2 className="text-lg font-semibold">By operator</h2>
        <Table>
          <THead>
            <Th>Operator</Th>
            <Th numeric>Delivery rate</Th>
            <Th numeric>Sent</Th>
            <Th numeric>Delivered</Th>
            <Th numeric>Failed</Th>
            <Th numeric>Unknown</Th>
            <Th numeric>No receipt yet</Th>
          </THead>
          <tbody>
            {data.operators.length === 0 ? <EmptyRow columns={7}>Nothing sent yet.</EmptyRow> : null}
            {data.operators.map((o) => (
              <Tr key={o.operator}>
                <Td>{o.operator}</Td>
                <Td numeric className="font-semibold" data-testid={`rate-${o.operator}`}>
                  {formatRate(deliveryRate(o.delivered, o.sent))}
                </Td>
                <Td numeric>{o.sent.toLocaleString()}</Td>
                <Td numeric>{o.delivered.toLocaleString()}</Td>
                <Td numeric>{o.failed.toLocaleString()}</Td>
                <Td numeric>{o.unknown.toLocaleString()}</Td>
                <Td numeric>{o.awaiting.toLocaleString()}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
        <p className="text-xs text-slate-500">
          Delivery rate: delivered (or answered) ÷ sent; messages still without a receipt count as not delivered yet.
          &ldquo;Not accepted&rdquo;: refused by the provider or outcome unknown, so no operator was reported.
        </p>
      </section>

      <section aria-label="Failure reasons" className="space-y-3">
        <h2 className="text-lg font-semibold">Failure reasons</h2>
        <Table>
          <THead>
            <Th>State</Th>
            <Th>Provider status</Th>
            <Th>Error</Th>
            <Th numeric>Messages</Th>
          </THead>
          <tbody>
            {data.failures.length === 0 ? <EmptyRow columns={4}>No failures.</EmptyRow> : null}
            {data.failures.map((f) => (
              <Tr key={`${f.state}|${f.deliveryStatus ?? ""}|${f.error ?? ""}`}>
                <Td>
                  <StateBadge state={f.state} />
                </Td>
                <Td className="font-mono text-xs">{f.deliveryStatus ?? "—"}</Td>
                <Td className="min-w-48 text-slate-600">{f.error ?? "—"}</Td>
                <Td numeric>{f.count.toLocaleString()}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </section>
    </section>
  );
}
