// The Receipts page's receipt lag: from a message's send to its receipt, over the latest receipts
// (lib/reports/receipt-lag.ts), its median, 95th percentile and distribution.
import { Card } from "@/components/ui/card";
import { Chart } from "@/components/ui/chart";
import { OUTCOME_COLORS } from "@/components/ui/chart-colors";
import { formatCount, formatDuration } from "@/lib/numbers/format";
import { LAG_SAMPLE, type ReceiptLag } from "@/lib/reports/receipt-lag";

export function ReceiptLagCard({ lag }: { lag: ReceiptLag }) {
  return (
    <Card title="Receipt lag">
      <p className="mb-3 text-sm text-slate-600">
        From a message&apos;s send to its receipt, over the latest {formatCount(LAG_SAMPLE)} receipts (
        {formatCount(lag.sampled)} matched to a sent message)
        {lag.medianSeconds !== null
          ? `: median ${formatDuration(lag.medianSeconds)}, 95 % within ${formatDuration(lag.p95Seconds ?? 0)}`
          : ""}
        .
      </p>
      <Chart
        testId="lag-chart"
        kind="bar"
        data={lag.buckets}
        xKey="label"
        xFormat="label"
        series={[{ key: "count", label: "Receipts", color: OUTCOME_COLORS.units }]}
        label="Receipt lag distribution"
      />
    </Card>
  );
}
