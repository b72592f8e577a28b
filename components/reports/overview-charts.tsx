// The Overview's charts: outcomes per day with the delivery rate, and SMS units per day (the last 30 days of the
// organisation's time zone).
// Each card is min-w-0: a grid cell is otherwise as wide as its content, and a chart's SVG drawn for a wider screen
// would hold the cell (and the page) wide after a resize.
import { Card } from "@/components/ui/card";
import { Chart } from "@/components/ui/chart";
import { OUTCOME_COLORS } from "@/components/ui/chart-colors";
import { deliveryRate } from "@/lib/states/states";
import type { DayFigures } from "@/lib/reports/overview";

export function OverviewCharts({ days }: { days: DayFigures[] }) {
  const data = days.map((d) => ({ ...d, rate: deliveryRate(d.reached, d.sent) }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Sent per day, by outcome" className="min-w-0">
        <Chart
          testId="outcomes-chart"
          kind="bar"
          data={data}
          xKey="day"
          xFormat="day"
          label="Messages sent per day by outcome, last 30 days"
          series={[
            { key: "reached", label: "Reached", color: OUTCOME_COLORS.delivered },
            { key: "failed", label: "Failed", color: OUTCOME_COLORS.failed },
            { key: "unknown", label: "Unknown", color: OUTCOME_COLORS.unknown },
            { key: "awaiting", label: "No receipt yet", color: OUTCOME_COLORS.awaiting },
          ]}
        />
      </Card>
      <Card title="Reached per day, of sent" className="min-w-0">
        <Chart
          kind="line"
          data={data}
          xKey="day"
          xFormat="day"
          percent
          label="Delivery rate per day, last 30 days"
          series={[{ key: "rate", label: "Reached ÷ sent", color: OUTCOME_COLORS.rate }]}
        />
      </Card>
      <Card title="SMS units per day" className="min-w-0 lg:col-span-2">
        <Chart
          kind="bar"
          data={data}
          xKey="day"
          xFormat="day"
          height={200}
          label="SMS units charged per day, last 30 days"
          series={[{ key: "units", label: "Units", color: OUTCOME_COLORS.units }]}
        />
      </Card>
    </div>
  );
}
