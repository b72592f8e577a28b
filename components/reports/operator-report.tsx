// The Overview's per-network truth over 30 days (lib/reports/operator-days.ts, from the rollup the database keeps):
// each network's delivery rate per day on one chart; per network its totals, failures by kind (temporary or
// permanent) and median receipt delay; and, one click away, the same per day.
import { FailureKindLabel } from "@/components/batches/failure-kind";
import { Card } from "@/components/ui/card";
import { Chart } from "@/components/ui/chart";
import { EmptyState, Table, Td, Tr, numeric } from "@/components/ui/table";
import { deliveryRate } from "@/lib/states/states";
import { FAILURE_CLASSES } from "@/lib/receipts/failure-classes";
import { delayBucketLabel } from "@/lib/reports/delay-buckets";
import { formatCount, formatRate } from "@/lib/numbers/format";
import type { OperatorFigures, OperatorReport as Report } from "@/lib/reports/operator-days";

// Distinct from the outcome colours (green delivered, red failed), so a network never reads as an outcome.
const COLORS = ["#2563eb", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#64748b"];

export function OperatorReport({ days, operators }: { days: string[]; operators: Report[] }) {
  if (operators.length === 0)
    return <EmptyState>Nothing was sent in the last 30 days, so there is nothing to show per network.</EmptyState>;
  const shown = operators.slice(0, COLORS.length);
  const data = days.map((day, i) => ({
    day,
    ...Object.fromEntries(
      shown.map((o, n) => {
        const figures = o.days[i]!;
        return [`op${n}`, deliveryRate(figures.delivered, figures.sent)];
      }),
    ),
  }));
  return (
    <div className="space-y-4">
      <Card title="Delivery rate per network, per day" className="min-w-0">
        <Chart
          testId="operator-chart"
          kind="line"
          data={data}
          xKey="day"
          xFormat="day"
          percent
          label="Delivery rate per network and day, last 30 days"
          series={shown.map((o, n) => ({ key: `op${n}`, label: o.operator, color: COLORS[n]! }))}
        />
      </Card>
      <Table
        aria-label="By network, last 30 days"
        columns={[
          "Network",
          numeric("Delivery rate"),
          numeric("Sent"),
          numeric("Delivered"),
          "Failures",
          "Median receipt delay",
        ]}
      >
        {operators.map((o) => (
          <Tr key={o.operator}>
            <Td className="font-medium">{o.operator}</Td>
            <Td numeric className="font-semibold" data-testid={`network-rate-${o.operator}`}>
              {formatRate(deliveryRate(o.total.delivered, o.total.sent))}
            </Td>
            <Td numeric>{formatCount(o.total.sent)}</Td>
            <Td numeric>{formatCount(o.total.delivered)}</Td>
            <Td className="min-w-56">
              <Failures figures={o.total} />
            </Td>
            <Td className="whitespace-nowrap">{delay(o.total)}</Td>
          </Tr>
        ))}
      </Table>
      <p className="text-xs text-slate-500">
        By the day a message was sent (East Africa Time): delivered ÷ sent, so messages still without a receipt count as
        not delivered yet. The median delay is from sending to the final receipt, known to its range.
      </p>
      {operators.map((o) => (
        <details key={o.operator} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <summary className="cursor-pointer font-medium text-sky-700">{o.operator}, day by day</summary>
          <Table
            aria-label={`${o.operator}, day by day`}
            columns={["Day", numeric("Rate"), numeric("Sent"), numeric("Delivered"), "Failures", "Median delay"]}
          >
            {o.days
              .filter((d) => d.sent > 0)
              .reverse()
              .map((d) => (
                <Tr key={d.day}>
                  <Td className="whitespace-nowrap">{d.day}</Td>
                  <Td numeric>{formatRate(deliveryRate(d.delivered, d.sent))}</Td>
                  <Td numeric>{formatCount(d.sent)}</Td>
                  <Td numeric>{formatCount(d.delivered)}</Td>
                  <Td className="min-w-56">
                    <Failures figures={d} />
                  </Td>
                  <Td className="whitespace-nowrap">{delay(d)}</Td>
                </Tr>
              ))}
          </Table>
          <p className="mt-1 text-xs text-slate-500">Days with nothing sent are left out.</p>
        </details>
      ))}
    </div>
  );
}

function Failures({ figures }: { figures: OperatorFigures }) {
  const kinds = FAILURE_CLASSES.filter((c) => figures.failures[c] > 0);
  if (kinds.length === 0 && figures.rejected === 0) return <span className="text-slate-500">none</span>;
  return (
    <ul className="space-y-1">
      {kinds.map((c) => (
        <li key={c} className="flex flex-wrap items-center gap-2">
          <span className="font-semibold tabular-nums">{formatCount(figures.failures[c])}</span>
          <FailureKindLabel kind={c} />
        </li>
      ))}
      {figures.rejected > 0 ? (
        <li className="flex flex-wrap items-center gap-2">
          <span className="font-semibold tabular-nums">{formatCount(figures.rejected)}</span>
          <FailureKindLabel kind="REFUSED" />
        </li>
      ) : null}
    </ul>
  );
}

const delay = (figures: OperatorFigures) =>
  figures.medianDelayBucket === null ? "—" : delayBucketLabel(figures.medianDelayBucket);
