"use client";

// A chart of a few series over categories or time (recharts): stacked areas, stacked bars or lines, one look for
// every page. Props are plain data (pages render it from the server): formats are named, not functions. Readable at
// 390 px: the SVG follows its box's width, ticks are small and thinned out, the legend sits below, numbers are short.
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useTimeZone } from "@/components/time/time-zone-provider";
import { formatDateTime, formatDay, formatShortDateTime, formatTime } from "@/lib/time/format";
import { formatCount, formatNumber } from "@/lib/numbers/format";

export type ChartSeries = { key: string; label: string; color: string };
export type ChartFormat = "seconds" | "minutes" | "day" | "label";

type Props = {
  kind: "area" | "bar" | "line";
  data: Record<string, string | number | null>[];
  xKey: string;
  xFormat: ChartFormat;
  series: ChartSeries[];
  /** Values are fractions shown as percentages. */
  percent?: boolean;
  height?: number;
  /** What the chart shows, for screen readers. */
  label: string;
  testId?: string;
};

/**
 * An x value as text, in the organisation's zone: ticks short ("13:16:30", "23 Nov, 13:16"), the tooltip with the
 * zone named. Days are already the organisation's calendar days ("2026-11-23"), shown as they are.
 */
function formatX(value: unknown, format: ChartFormat, zone: string, tooltip: boolean): string {
  const text = String(value);
  if (format === "label") return text;
  if (format === "day") return formatDay(text);
  if (tooltip) return formatDateTime(text, zone, { seconds: format === "seconds" });
  return format === "seconds"
    ? formatTime(text, zone, { seconds: true, zoneName: false })
    : formatShortDateTime(text, zone);
}

export function Chart({ kind, data, xKey, xFormat, series, percent = false, height = 260, label, testId }: Props) {
  const zone = useTimeZone();
  const y = (value: unknown) =>
    typeof value === "number"
      ? percent
        ? `${Math.round(value * 100)}%`
        : formatNumber(value, { notation: "compact", maximumFractionDigits: 1 })
      : "";
  const tooltipValue = (value: unknown) =>
    typeof value === "number" ? (percent ? `${(value * 100).toFixed(1)} %` : formatCount(value)) : "—";
  const common = {
    responsive: true,
    data,
    style: { width: "100%", height },
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    accessibilityLayer: true,
  } as const;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
      <XAxis
        dataKey={xKey}
        tickFormatter={(v: unknown) => formatX(v, xFormat, zone, false)}
        tick={{ fontSize: 11 }}
        minTickGap={16}
        tickMargin={6}
      />
      <YAxis
        tickFormatter={y}
        tick={{ fontSize: 11 }}
        width={44}
        allowDecimals={false}
        {...(percent ? { domain: [0, 1] } : {})}
      />
      <Tooltip
        labelFormatter={(v: unknown) => formatX(v, xFormat, zone, true)}
        formatter={(v: unknown) => tooltipValue(v)}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </>
  );
  return (
    <figure aria-label={label} className="w-full min-w-0 overflow-hidden" data-testid={testId}>
      {kind === "area" ? (
        <AreaChart {...common}>
          {axes}
          {series.map((s) => (
            <Area
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stackId="1"
              stroke={s.color}
              fill={s.color}
              fillOpacity={0.75}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      ) : kind === "bar" ? (
        <BarChart {...common}>
          {axes}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="1" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      ) : (
        <LineChart {...common}>
          {axes}
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={data.length <= 31 ? { r: 3 } : false}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </figure>
  );
}
