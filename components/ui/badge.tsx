// A small coloured label, e.g. a batch's or a message's state.
import type { ReactNode } from "react";
import { cx } from "./cx";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700",
  info: "bg-sky-100 text-sky-800",
  success: "bg-emerald-100 text-emerald-800",
  warning: "bg-amber-100 text-amber-900",
  danger: "bg-red-100 text-red-800",
};

export function Badge({ tone = "neutral", children, testId }: { tone?: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={cx("inline-block rounded-full px-2 py-0.5 text-xs font-medium", TONES[tone])} data-testid={testId}>
      {children}
    </span>
  );
}
