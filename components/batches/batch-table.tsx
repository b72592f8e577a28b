import Link from "next/link";
import type { BatchListItem } from "@/lib/batches/list-batches";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function BatchTable({ batches }: { batches: BatchListItem[] }) {
  if (batches.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No batches yet. Compose a message to send the first one.</p>;
  }
  return (
    <table className="w-full border-collapse overflow-hidden rounded-lg bg-white text-sm shadow-sm">
      <thead className="bg-slate-100 text-left text-slate-600">
        <tr>
          <th className="px-3 py-2">Batch</th>
          <th className="px-3 py-2">Kind</th>
          <th className="px-3 py-2">State</th>
          <th className="px-3 py-2 text-right">Recipients</th>
          <th className="px-3 py-2 text-right">Delivered</th>
          <th className="px-3 py-2 text-right">Failed</th>
          <th className="px-3 py-2">Created</th>
        </tr>
      </thead>
      <tbody>
        {batches.map((batch) => (
          <tr key={batch.id} className="border-t border-slate-100">
            <td className="px-3 py-2">
              <Link href={`/batches/${batch.id}`} className="text-sky-700 underline">
                {batch.name}
              </Link>
            </td>
            <td className="px-3 py-2">{batch.kind}</td>
            <td className="px-3 py-2">{batch.state.toLowerCase()}</td>
            <td className="px-3 py-2 text-right tabular-nums">{batch.recipientCount.toLocaleString()}</td>
            <td className="px-3 py-2 text-right tabular-nums">{(batch.deliveredCount + batch.answeredCount).toLocaleString()}</td>
            <td className="px-3 py-2 text-right tabular-nums">{(batch.failedCount + batch.rejectedCount).toLocaleString()}</td>
            <td className="px-3 py-2 text-slate-600">{dateTime.format(batch.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
