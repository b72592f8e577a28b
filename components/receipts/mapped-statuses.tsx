// The statuses administrators have mapped, with what each means and who mapped it: folded away under the unknown
// ones on the Receipts page (a mapping cannot be changed, so this is a record, not a form).
import { FailureKindLabel } from "@/components/batches/failure-kind";
import { Time } from "@/components/time/time";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { formatCount } from "@/lib/numbers/format";
import { isFailureClass } from "@/lib/receipts/failure-classes";
import type { SeenStatus } from "@/lib/reports/receipt-statuses";

export function MappedStatuses({ mapped }: { mapped: SeenStatus[] }) {
  if (mapped.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-sky-700">Mapped by administrators ({formatCount(mapped.length)})</summary>
      <Table aria-label="Mapped statuses" columns={["Status", "Means", numeric("Receipts"), "Mapped"]}>
        {mapped.map((s) => (
          <Tr key={s.status}>
            <Td className="font-mono text-xs">{s.status}</Td>
            <Td>
              {s.state === "FAILED" && isFailureClass(s.failureClass) ? (
                <>
                  failed: <FailureKindLabel kind={s.failureClass} />
                </>
              ) : s.state === "QUEUED" ? (
                "still on its way"
              ) : (
                (s.state ?? "").toLowerCase()
              )}
            </Td>
            <Td numeric>{formatCount(s.receipts)}</Td>
            <Td className="whitespace-nowrap text-slate-600">
              {s.mappedAt ? <Time at={s.mappedAt} /> : "—"}
              {s.mappedBy ? ` · ${s.mappedBy}` : ""}
            </Td>
          </Tr>
        ))}
      </Table>
    </details>
  );
}
