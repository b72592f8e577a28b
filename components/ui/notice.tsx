// A message for the operator: the result of an action, a warning, an error. Live, so screen readers announce it.
import type { ReactNode } from "react";
import { cx } from "./cx";

const TONES = {
  info: "bg-slate-50 text-slate-700",
  success: "bg-emerald-50 text-emerald-900",
  warning: "bg-amber-50 text-amber-900",
  error: "bg-red-50 text-red-800",
} as const;

export function Notice({
  tone = "info",
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <p role={tone === "error" ? "alert" : "status"} className={cx("rounded-md p-3 text-sm", TONES[tone], className)}>
      {children}
    </p>
  );
}
