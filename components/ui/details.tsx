// Label–value pairs (a message's answer, a batch's settings): two columns on wide screens, stacked on a phone.
import type { ReactNode } from "react";
import { cx } from "./cx";

export function Details({
  items,
  className,
}: {
  items: { label: ReactNode; value: ReactNode; testId?: string }[];
  className?: string;
}) {
  return (
    <dl className={cx("grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]", className)}>
      {items.map((item, i) => (
        <div key={i} className="contents">
          <dt className="text-slate-500">{item.label}</dt>
          <dd className="min-w-0 break-words font-medium" data-testid={item.testId}>
            {item.value ?? "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
