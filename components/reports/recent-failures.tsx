// The Overview's recent failures: the newest batches of the last 7 days with failures, each with its top reasons.
// Streamed by the page (Suspense): on a cold cache each reason list is one pass over its batch.
import { TextLink } from "@/components/ui/text-link";
import { FailureKindLabel } from "@/components/batches/failure-kind";
import { Card } from "@/components/ui/card";
import { getRecentFailures } from "@/lib/reports/overview";
import { formatCount } from "@/lib/numbers/format";

export async function RecentFailures() {
  const failures = await getRecentFailures();
  if (failures.length === 0)
    return <p className="text-sm text-slate-600">No failures in the batches of the last 7 days.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {failures.map((f) => (
        <Card key={f.id} className="min-w-0 space-y-2 text-sm">
          <p>
            <TextLink href={`/batches/${f.id}`} className="font-medium">
              {f.name}
            </TextLink>{" "}
            <span className="text-slate-600">
              · {formatCount(f.failedCount)} failed · {formatCount(f.rejectedCount)} rejected ·{" "}
              {formatCount(f.unknownCount)} unknown
            </span>
          </p>
          <ul className="space-y-1">
            {f.reasons.map((r) => (
              <li key={r.kind} className="flex gap-2">
                <span className="font-semibold tabular-nums">{formatCount(r.count)}</span>
                <span className="min-w-0 break-words text-slate-700">
                  <FailureKindLabel kind={r.kind} />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
