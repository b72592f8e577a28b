// A white panel on the page's grey: sections, forms, summaries. Its title may break anywhere: a title without spaces (an
// API path, a file name) must not push a 390 px page sideways.
import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

export function Card({ title, className, children, ...props }: ComponentProps<"section"> & { title?: ReactNode }) {
  return (
    <section className={cx("rounded-lg border border-slate-200 bg-white p-5 shadow-sm", className)} {...props}>
      {title ? <h2 className="mb-3 text-lg font-semibold wrap-anywhere">{title}</h2> : null}
      {children}
    </section>
  );
}

/** A figure with its label, as on the overview and batch pages. */
export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
