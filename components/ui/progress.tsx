// A stacked progress bar: one coloured segment per part, as a share of the total.
import { cx } from "./cx";
import { formatCount } from "@/lib/numbers/format";

export type Segment = { key: string; value: number; className: string; label: string };

export function Progress({
  segments,
  total,
  label,
  className,
}: {
  segments: Segment[];
  total: number;
  /** The bar's accessible name (every progress bar needs one: axe's aria-progressbar-name). */
  label: string;
  className?: string;
}) {
  const whole = Math.max(total, 1);
  const done = segments.reduce((sum, s) => sum + s.value, 0);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={whole}
      aria-valuenow={Math.min(done, whole)}
      className={cx("flex h-3 overflow-hidden rounded-full bg-slate-100", className)}
    >
      {segments.map((s) =>
        s.value > 0 ? (
          <div
            key={s.key}
            title={`${s.label}: ${formatCount(s.value)}`}
            className={s.className}
            style={{ width: `${(s.value / whole) * 100}%` }}
          />
        ) : null,
      )}
    </div>
  );
}
