// Each message state's one colour, wherever a state is drawn: as a Tailwind class for bars (Progress) and as the same
// colour's hex for charts (Recharts takes colours, not classes). A plain module: server pages pass these on to
// client components.
import type { MessageState } from "@/lib/generated/prisma/enums";

export const STATE_COLORS = {
  PENDING: { bar: "bg-slate-300", hex: "#cbd5e1" },
  QUEUED: { bar: "bg-sky-400", hex: "#38bdf8" },
  DELIVERED: { bar: "bg-emerald-500", hex: "#10b981" },
  ANSWERED: { bar: "bg-emerald-700", hex: "#047857" },
  FAILED: { bar: "bg-red-500", hex: "#ef4444" },
  REJECTED: { bar: "bg-red-700", hex: "#b91c1c" },
  UNKNOWN: { bar: "bg-amber-500", hex: "#f59e0b" },
  CANCELLED: { bar: "bg-slate-500", hex: "#64748b" },
  SUPPRESSED: { bar: "bg-slate-400", hex: "#94a3b8" },
} as const satisfies Record<MessageState, { bar: string; hex: string }>;
