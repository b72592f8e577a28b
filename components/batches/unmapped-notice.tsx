// Receipts whose status Tuma does not know (issue 35): the batch page and the Overview say how many and link to the
// Receipts page, filtered to those statuses, where an administrator maps them. Until then the messages are neither
// "waiting" nor finished (lib/batches/phase.ts).
import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { formatCount } from "@/lib/numbers/format";

export type UnmappedStatuses = { status: string; messages: number }[];

export function unmappedHref(statuses: UnmappedStatuses): string {
  return `/receipts?${new URLSearchParams({ status: statuses.map((s) => s.status).join(",") })}#unknown-statuses`;
}

export function UnmappedNotice({ statuses, className = "mt-2" }: { statuses: UnmappedStatuses; className?: string }) {
  const total = statuses.reduce((sum, s) => sum + s.messages, 0);
  if (total === 0) return null;
  return (
    <div data-testid="unmapped-statuses" className={className}>
      <Notice tone="warning">
        {formatCount(total)} receipt{total === 1 ? "" : "s"} with a status Tuma does not know (
        {statuses.map((s) => `“${s.status}”`).join(", ")}) —{" "}
        <Link href={unmappedHref(statuses)} className="underline">
          map it
        </Link>{" "}
        on the Receipts page (an administrator). Until then {total === 1 ? "it is" : "they are"} neither delivered nor
        failed.
      </Notice>
    </div>
  );
}
